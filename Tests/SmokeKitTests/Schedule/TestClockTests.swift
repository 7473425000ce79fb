import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct TestClockTests {
    @Test func advanceResumesOnlyDueSleepers() async throws {
        let clock = TestClock(now: Date(timeIntervalSince1970: 0))
        let early = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 10)) }
        let late = Task { try await clock.sleep(until: Date(timeIntervalSince1970: 100)) }
        try await waitUntil { clock.sleeperCount == 2 }
        clock.advance(by: 10)
        try await early.value
        #expect(clock.sleeperCount == 1)
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleeperPastItsDeadlineReturnsAtOnce() async throws {
        let clock = TestClock(now: Date(timeIntervalSince1970: 50))
        try await clock.sleep(until: Date(timeIntervalSince1970: 50))
        #expect(clock.sleeperCount == 0)
    }
}
