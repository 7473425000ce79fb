import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A Swift Testing suite's issue outside its tests (its scoping trait threw, so its tests did not run) fails the run,
/// its line the evidence, and explains Swift Testing's own issue count. It is no running test's failure.
@Suite struct ReconciliationSuiteIssueTests {
    private typealias Support = ParsingTestSupport

    /// What a Swift 6.3.1 `swift test` printed for a suite whose trait threw beside a free test that passed.
    static let console = """
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ↳ Target Platform: x86_64-unknown-linux-gnu
        ◇ Suite Locked started.
        ✘ Suite Locked recorded an issue at VaultTests.swift:18:2: Caught error: LockedDoor()
        ◇ Test opensWindow() started.
        ✔ Test opensWindow() passed after 0.001 seconds.
        ✘ Suite Locked failed after 0.001 seconds with 1 issue.
        ✘ Test run with 1 test in 1 suite failed after 0.001 seconds with 1 issue.

        """

    @Test func aSuitesIssueFailsTheRunOnItsLineAndExplainsTheIssueCount() throws {
        let (report, _, parsed) = try ReconciliationVerdictTests().parsedReport(Self.console, name: "vault.log")
        #expect(parsed.results.map(\.status) == [.passed])
        #expect(parsed.results.first?.failures.isEmpty == true)
        let reconciliation = try #require(report.reconciliation)
        #expect(reconciliation.differences.isEmpty, "\(reconciliation.differences)")
        #expect(reconciliation.failuresNotShown == nil)
        let failure = try #require(reconciliation.runFailures?.first)
        #expect(failure.kind == .suiteIssue)
        #expect(failure.line == 5)
        #expect(
            failure.message
                == """
                a Swift Testing suite recorded an issue outside its tests at vault.log:5 (`Suite Locked recorded an \
                issue at VaultTests.swift:18: Caught error: LockedDoor()`): the run cannot pass
                """)
        #expect(report.status == .failed)
    }

    /// In an event stream the suite's issue comes while another suite's test runs: it stays the suite's.
    @Test func aStreamSuitesIssueIsNotTheRunningTests() throws {
        let record: (String, String, String) -> String = { kind, testID, text in
            let issue =
                kind == "issueRecorded"
                ? #","issue":{"isKnown":false,"sourceLocation":{"fileID":"VaultTests/VaultTests.swift","line":18,"column":2}}"#
                : ""
            return
                #"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(testID)","instant":{"absolute":1,"since1970":1795471047},"messages":[{"symbol":"fail","text":"\#(text)"}]\#(issue)},"version":0}"#
        }
        let window = "VaultTests.opensWindow()/VaultTests.swift:24:2"
        let stream =
            [
                #"{"kind":"event","payload":{"kind":"runStarted","instant":{"absolute":0,"since1970":1795471046},"messages":[]},"version":0}"#,
                record("testStarted", window, ""),
                record("testStarted", "VaultTests.Locked", ""),
                record("issueRecorded", "VaultTests.Locked", "Caught error: LockedDoor()"),
                record("testEnded", "VaultTests.Locked", ""),
                record("testEnded", window, "Test opensWindow() passed after 0.001 seconds."),
                #"{"kind":"event","payload":{"kind":"runEnded","instant":{"absolute":2,"since1970":1795471048},"messages":[]},"version":0}"#,
            ].joined(separator: "\n") + "\n"
        let file = try Support.temporaryFile(Data(stream.utf8), name: "events.jsonl")
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.count == 1)
        #expect(parsed.results.first?.failures.isEmpty == true, "\(parsed.results)")
        let failure = try #require(parsed.reconciliation?.runFailures?.first)
        #expect(failure.kind == .suiteIssue)
        #expect(failure.text.hasPrefix("Suite VaultTests.Locked recorded an issue at VaultTests/VaultTests.swift:18"))
    }
}
