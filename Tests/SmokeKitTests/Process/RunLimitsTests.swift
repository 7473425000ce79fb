import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct RunLimitsTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    func limits(now: Date, cancelled: Bool = false) -> RunLimits {
        let flag = CancellationFlag()
        if cancelled { flag.cancel() }
        return RunLimits(testSeconds: 5, runDeadline: start.addingTimeInterval(60), cancellation: flag, now: { now })
    }

    @Test func aTestPastItsTimeIsStopped() {
        #expect(limits(now: start.addingTimeInterval(6)).stopReason(testStartedAt: start) == .testTimedOut)
        #expect(limits(now: start.addingTimeInterval(4)).stopReason(testStartedAt: start) == nil)
    }

    @Test func theRunDeadlineAndCancellationWinOverTheTestClock() {
        #expect(limits(now: start.addingTimeInterval(61)).stopReason(testStartedAt: nil) == .runTimedOut)
        #expect(limits(now: start, cancelled: true).stopReason(testStartedAt: start) == .cancelled)
    }
}
