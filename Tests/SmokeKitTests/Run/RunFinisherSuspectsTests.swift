import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A new failure's suspects reach the reports and the output of a run that sends no message (no webhook,
/// `--no-notify`): the history says when it last passed, and the project's real git checkout lists the commits since.
/// The output also says of each failure what the history says: new, or failing since when.
@Suite(.timeLimit(.minutes(10))) struct RunFinisherSuspectsTests {
    static let test = "M.S/testTotal"

    private func report(_ index: Int, commit: String, status: TestStatus) -> RunReport {
        var report = ReportFixture.minimalReport
        report.pipeline = "smoke"
        report.runID = "20261127T0\(index)0000Z-000\(index)"
        report.startedAt = Date(timeIntervalSince1970: 1_795_300_000 + Double(index) * 3_600)
        report.finishedAt = report.startedAt.addingTimeInterval(1)
        report.tests = [TestResult(id: Self.test, name: "testTotal", suite: "S", framework: .xctest, status: status)]
        report.status = status == .failed ? .failed : .passed
        report.origin = RunOrigin(commit: commit, dirty: false)
        return report
    }

    /// Finishes a failing run at the checkout's last commit after `earlier` (statuses at its first commits), with no
    /// notification settings.
    private func finishFailingRun(
        after earlier: [TestStatus]
    ) async throws -> (RunReport, summary: String, terminal: String) {
        let (checkout, commits) = try GitCheckoutTests.repository()
        let output = checkout.appendingPathComponent(".smokerun", isDirectory: true)
        let history = InMemoryHistory(outputFolder: output)
        for (index, status) in earlier.enumerated() {
            try history.append(
                report(index, commit: commits[index], status: status), pipelinePath: nil, writer: .system)
        }
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: out, environment: GitCheckoutTests.environment,
            currentDirectory: checkout)
        var finisher = RunFinisher(
            outputDirectory: output, pipelineName: "smoke", formats: [.json, .markdown], strict: false,
            context: context)
        finisher.history = history
        finisher.projectRoot = checkout.path
        finisher.summary = .run
        let failing = report(earlier.count, commit: commits[3], status: .failed)
        let run = try RunStore(outputDirectory: output, history: history).createRunDirectory(runID: failing.runID)

        let outcome = await finisher.finish(RunDraft(report: failing, folder: RunDirectory(run)))

        let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
        return (outcome.report, summary, out.text)
    }

    @Test func aNewFailureNamesTheCommitsSinceItPassedWithoutAMessage() async throws {
        let (report, summary, terminal) = try await finishFailingRun(after: [.passed])

        let suspects = try #require(report.suspects)
        #expect(suspects.total == 3 && suspects.commits.map(\.subject).first?.hasPrefix("Odd | subject") == true)
        #expect(report.notifications.isEmpty)
        #expect(summary.contains("Suspects"), "\(summary)")
        // The run's own output names them too, the subject's control character escaped.
        #expect(terminal.contains("suspects: 3 commits "), "\(terminal)")
        #expect(terminal.contains("\n    new: it did not fail in the previous run that ran it\n"), "\(terminal)")
        #expect(terminal.contains("\n    \(suspects.commits[0].short) Odd | subject\\u{1F} with"), "\(terminal)")
    }

    @Test func aFailureThatFailedInThePreviousRunHasNoSuspects() async throws {
        let (report, summary, terminal) = try await finishFailingRun(after: [.passed, .failed])

        #expect(report.suspects == nil)
        #expect(!summary.contains("Suspects"), "\(summary)")
        #expect(!terminal.contains("suspects:"), "\(terminal)")
        #expect(terminal.contains("\n    failing for 2 runs (60 min), since "), "\(terminal)")
    }
}
