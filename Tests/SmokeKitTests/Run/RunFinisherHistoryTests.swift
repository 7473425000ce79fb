import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The finisher appends to and reads from the history it is given, and reaches for no other.
@Suite struct RunFinisherHistoryTests {
    private func report(_ runID: String, startedAt seconds: Double, status: TestStatus) -> RunReport {
        var report = ReportFixture.minimalReport
        report.pipeline = "smoke"
        report.runID = runID
        report.startedAt = Date(timeIntervalSince1970: seconds)
        report.finishedAt = report.startedAt.addingTimeInterval(1)
        report.tests = [
            TestResult(id: "M.S/flaky", name: "flaky", suite: "S", framework: .xctest, status: status)
        ]
        report.status = status == .failed ? .failed : .passed
        // One commit, no local changes: a test that failed and passed on it is flaky.
        report.origin = RunOrigin(commit: "0123456789abcdef0123456789abcdef01234567", dirty: false)
        return report
    }

    @Test func aRunIsAppendedToTheGivenHistoryAndNoFileIsWritten() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let history = InMemoryHistory(outputFolder: folder.url)
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        var finisher = RunFinisher(
            outputDirectory: folder.url, pipelineName: "smoke", formats: [.json], strict: false, context: context)
        finisher.history = history
        let next = report("20261127T020000Z-0002", startedAt: 1_795_320_000, status: .passed)
        let run = try RunStore(outputDirectory: folder.url, history: history).createRunDirectory(runID: next.runID)

        _ = await finisher.finish(RunDraft(report: next, runDirectory: run))

        #expect(history.entries.map(\.runID) == [next.runID])
        #expect(history.entries.first?.outcomes == ["M.S/flaky": .passed])
        let layout = OutputLayout(root: folder.url)
        #expect(!FileManager.default.fileExists(atPath: layout.history.path))
        #expect(!FileManager.default.fileExists(atPath: layout.historyDatabase.path))
    }

    /// The automatic quarantine's flake window comes from the given history: a test that failed and passed in it is
    /// quarantined when it fails now; with an empty history the same failure fails the run.
    @Test(arguments: [true, false])
    func theAutomaticQuarantineReadsTheGivenHistory(flakedBefore: Bool) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let history = InMemoryHistory(outputFolder: folder.url)
        if flakedBefore {
            for index in 0..<6 {
                try history.append(
                    report(
                        "20261126T0\(index)0000Z-000\(index)", startedAt: 1_795_200_000 + Double(index) * 3_600,
                        status: index % 2 == 0 ? .failed : .passed), pipelinePath: nil, writer: .system)
            }
        }
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        var finisher = RunFinisher(
            outputDirectory: folder.url, pipelineName: "smoke", formats: [.json], strict: false, context: context)
        finisher.history = history
        finisher.autoQuarantine = AutoQuarantineSettings()
        finisher.now = { Date(timeIntervalSince1970: 1_795_320_000) }
        let next = report("20261127T020000Z-0009", startedAt: 1_795_320_000, status: .failed)
        let run = try RunStore(outputDirectory: folder.url, history: history).createRunDirectory(runID: next.runID)

        let outcome = await finisher.finish(RunDraft(report: next, runDirectory: run))

        #expect(err.text.contains("M.S/flaky quarantined automatically") == flakedBefore, "\(err.text)")
        #expect((outcome.report.status == .passed) == flakedBefore)
    }
}
