import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A retry that passes after a try that recorded a new snapshot (swift-snapshot-testing's record mode `.failed`)
/// passed against what that try wrote: `parse` of the run's console.log keeps the failure, as the run does.
@Suite struct RecordedSnapshotRetryTests {
    static let log = """
        [smokerun] xctest: SnapTests.SnapshotTests/testAny
        Test Suite 'Selected tests' started at 2026-12-01 05:00:00.000
        Test Suite 'SnapshotTests' started at 2026-12-01 05:00:00.000
        Test Case 'SnapshotTests.testAny' started at 2026-12-01 05:00:00.000
        /src/Tests/SnapTests/SnapshotTests.swift:12: error: SnapshotTests.testAny : failed - Snapshot does not match reference. A new snapshot was automatically recorded.
        Test Case 'SnapshotTests.testAny' failed (0.010 seconds)
        Test Suite 'SnapshotTests' failed at 2026-12-01 05:00:00.010
        \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
        Test Suite 'Selected tests' failed at 2026-12-01 05:00:00.010
        \t Executed 1 test, with 1 failure (0 unexpected) in 0.010 (0.010) seconds
        [smokerun] retrying xctest: SnapTests.SnapshotTests/testAny
        Test Suite 'Selected tests' started at 2026-12-01 05:00:01.000
        Test Suite 'SnapshotTests' started at 2026-12-01 05:00:01.000
        Test Case 'SnapshotTests.testAny' started at 2026-12-01 05:00:01.000
        Test Case 'SnapshotTests.testAny' passed (0.010 seconds)
        Test Suite 'SnapshotTests' passed at 2026-12-01 05:00:01.010
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.010 (0.010) seconds
        Test Suite 'Selected tests' passed at 2026-12-01 05:00:01.010
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.010 (0.010) seconds

        """

    @Test func aRetryAfterARecordedSnapshotKeepsTheFailure() throws {
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(Self.log.utf8))])
        let test = try #require(parsed.results.first)
        #expect(test.status == .failed && !test.flaky)
        #expect(test.failures.first?.message.contains("A new snapshot was automatically recorded") == true)
        #expect(test.attempts.map(\.status) == [.failed, .passed])
        #expect(parsed.reconciliation?.agrees == true)
        // The same log with another failure reads flaky, as before.
        let other = Self.log.replacing("A new snapshot was automatically recorded.", with: "Values differ.")
        let flaky = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(other.utf8))])
        #expect(flaky.results.first?.status == .passed && flaky.results.first?.flaky == true)
    }
}
