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

    /// What smokerun writes into console.log when it stops a test, a parse of that console.log reads back.
    @Test func aStopNoteInConsoleLogTellsAParseHowTheTestEnded() {
        let expected: [(StopReason, TestStatus)] = [
            (.testTimedOut, .timedOut), (.runTimedOut, .timedOut), (.cancelled, .interrupted),
        ]
        for (reason, status) in expected {
            var collector = ResultCollector()
            var parser = ConsoleParser()
            let note = "[smokerun] " + reason.consoleNote(testID: "Mod.Slow/testWaits", testSeconds: 5)
            for line in ["Test Case 'Slow.testWaits' started at 2026-11-29 06:42:10.741", note] {
                Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            }
            #expect(collector.results.map(\.status) == [status], "\(note)")
            // Both accounts of the stop, live and read back, are smokerun's: the reconciliation counts neither.
            #expect(reason.ending(testSeconds: 5).failure.isSmokerunsStop, "\(reason)")
            #expect(collector.results.first?.failures.allSatisfy(\.isSmokerunsStop) == true, "\(note)")
        }
    }
}
