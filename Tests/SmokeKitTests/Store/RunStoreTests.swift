import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct RunStoreTests {
    private func finishFixtureRun(
        in folder: TemporaryDirectory, runID: String = "20261122T040000Z-3f9a",
        environment: [String: String] = [:]
    ) throws -> (RunReport, URL) {
        let store = RunStore(outputDirectory: folder.url.appendingPathComponent("out"))
        let run = try store.createRunDirectory(runID: runID)
        let attachment = try AttachmentStore().save(
            RawAttachment(testID: "M.S/t()", name: "../../log.txt", content: .bytes(Data("hello".utf8))), in: run)
        let log = folder.url.appendingPathComponent("captured.log")
        try Data("raw console\n".utf8).write(to: log)
        try Data("{}".utf8).write(to: run.appendingPathComponent("coverage.json"))
        var report = ReportFixture.report
        report.runID = runID
        report.artifacts = []
        report.tests[0].attachments = [attachment]
        let written = try store.finish(
            report, in: run, formats: ReportRegistry.standard.formats, consoleLog: log, environment: environment)
        return (written, run)
    }

    @Test func writesEveryReportAndListsTheArtifacts() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (report, run) = try finishFixtureRun(in: folder)
        #expect(
            try folder.files(in: "out/runs/\(report.runID)") == [
                OutputLayout.runMarkerName,
                "attachments", "console.log", "coverage.json", "index.html", "junit.xml", "report.json", "summary.md",
            ])
        #expect(
            report.artifacts == [
                "attachments/S-t-log.txt", "console.log", "coverage.json", "index.html", "junit.xml", "report.json",
                "summary.md",
            ])
        #expect(try String(contentsOf: run.appendingPathComponent("console.log"), encoding: .utf8) == "raw console\n")
        #expect(try RunReportFile.load(at: run) == report)
        let html = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<pre>hello</pre>"))
    }

    @Test func writesOnlyTheSelectedFormats() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let run = try store.createRunDirectory(runID: "20261122T040000Z-0001")
        let report = try store.finish(
            ReportFixture.minimalReport, in: run, formats: [.junit, .json], consoleLog: nil,
            environment: ["GITHUB_STEP_SUMMARY": folder.url.appendingPathComponent("summary").path])
        #expect(report.artifacts == ["junit.xml", "report.json"])
        #expect(
            try folder.files(in: "runs/20261122T040000Z-0001") == [
                OutputLayout.runMarkerName, "attachments", "junit.xml", "report.json",
            ])
        // No markdown selected: nothing is appended to the step summary.
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("summary").path))
    }

    @Test func latestPointsAtTheNewestRunAndIsReplacedAtomically() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try finishFixtureRun(in: folder, runID: "20261122T040000Z-0001")
        let output = folder.url.appendingPathComponent("out")
        let latest = output.appendingPathComponent("latest")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest.path) == "runs/20261122T040000Z-0001")
        _ = try finishFixtureRun(in: folder, runID: "20261122T080000Z-0002")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest.path) == "runs/20261122T080000Z-0002")
        #expect(RunDirectoryLocator.latestRun(outputDirectory: output)?.lastPathComponent == "20261122T080000Z-0002")
        #expect(try folder.files(in: "out") == ["history.sqlite", "latest", "runs"])
        #expect(
            try HistoryOpening.open(outputFolder: output).entries(pipeline: "smoke").map(\.runID)
                == ["20261122T040000Z-0001", "20261122T080000Z-0002"])
    }

    @Test func latestThatIsARealFolderIsAClearError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("latest"), withIntermediateDirectories: true)
        #expect(throws: StoreError.latestNotALink(path: folder.url.appendingPathComponent("latest").path)) {
            try RunStore(outputDirectory: folder.url).updateLatest(runID: "20261122T040000Z-0001")
        }
    }

    @Test func latestFallsBackToTheNewestRunFolderWithoutTheLink() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        #expect(RunDirectoryLocator.latestRun(outputDirectory: folder.url) == nil)
        _ = try store.createRunDirectory(runID: "20261122T080000Z-0002")
        _ = try store.createRunDirectory(runID: "20261122T040000Z-0001")
        #expect(
            RunDirectoryLocator.latestRun(outputDirectory: folder.url)?.lastPathComponent == "20261122T080000Z-0002")
    }

    @Test func appendsTheSummaryToGitHubStepSummary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let summary = folder.url.appendingPathComponent("step_summary.md")
        try Data("previous step\n".utf8).write(to: summary)
        let (report, _) = try finishFixtureRun(in: folder, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text == "previous step\n" + MarkdownReport.render(report) + "\n")
    }

    @Test func loadReportNamesTheFileWhenMissingOrInvalid() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let reportURL = folder.url.appendingPathComponent("report.json")
        #expect(throws: StoreError.reportMissing(path: reportURL.path)) { try RunReportFile.load(at: folder.url) }

        try Data("{\"schemaVersion\": 1, \"pipeline\": 3}".utf8).write(to: reportURL)
        do {
            _ = try RunReportFile.load(at: folder.url)
            Issue.record("expected an error")
        } catch let error as StoreError {
            #expect(error.kind == .invalidInput)
            let message = error.errorDescription ?? ""
            #expect(message.contains(reportURL.path))
            #expect(message.contains("pipeline"))
        }
    }

    @Test func rejectsAnUnsafeRunID() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(throws: StoreError.invalidRunID("../escape")) {
            try RunStore(outputDirectory: folder.url).createRunDirectory(runID: "../escape")
        }
    }

    @Test func htmlNeverReadsAttachmentsOutsideTheRun() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = folder.url.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: folder.url.appendingPathComponent("secret.txt"))
        let record = AttachmentRecord(name: "x", path: "../secret.txt", mediaType: "text/plain", size: 6)
        #expect(RunStore.content(of: record, in: run) == nil)
    }
}
