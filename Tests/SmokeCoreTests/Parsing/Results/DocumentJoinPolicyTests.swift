import Testing

@testable import SmokeCore

/// Which account of one execution stands when a log and a document both tell it (`DocumentJoin`).
@Suite struct DocumentJoinPolicyTests {
    @Test(arguments: [
        (TestStatus.unfinished, TestStatus.passed, true),
        (.unfinished, .failed, true),
        (.passed, .failed, true),
        (.passed, .skipped, true),
        (.passed, .expectedFailure, true),
        (.passed, .passed, false),
        (.crashed, .failed, false),
        (.failed, .passed, false),
        (.expectedFailure, .passed, false),
        (.skipped, .failed, true),
        (.interrupted, .failed, false),
    ])
    func theDocumentDecidesOnlyWhereTheLogSaysLess(log: TestStatus, document: TestStatus, decides: Bool) {
        #expect(DocumentJoin.documentDecides(log: log, document: document) == decides)
    }

    @Test func bothFailingKeepTheLogsCrashAndMessageAndTakeWhatOnlyTheDocumentHas() {
        var log = TestResult(
            id: "XT/testCrash", name: "testCrash", suite: "XT", framework: .xctest, status: .crashed,
            failures: [TestFailure(message: "Index out of range")])
        log.durationIsUnknown = true
        let document = TestResult(
            id: "LibTests.XT/testCrash", name: "testCrash", suite: "XT", framework: .xctest, status: .failed,
            durationSeconds: 0.05, failures: [TestFailure(message: "failure")])
        let joined = DocumentJoin.joined(log: log, document: document)
        #expect(joined.id == "XT/testCrash")
        #expect(joined.status == .crashed)
        #expect(joined.failures == [TestFailure(message: "Index out of range")])
        #expect(joined.durationSeconds == 0.05)
        #expect(!joined.durationIsUnknown)
        #expect(DocumentJoin.logIDs(for: document) == ["LibTests.XT/testCrash", "XT/testCrash"])
    }
}
