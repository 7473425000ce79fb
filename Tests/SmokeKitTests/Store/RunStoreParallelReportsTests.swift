import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A big run's reports are written on two threads: the files must be the ones the writers render alone, and a
/// file that cannot be written must still stop the run's report.json from appearing, with nothing half-written
/// left behind.
@Suite struct RunStoreParallelReportsTests {
    static var bigReport: RunReport {
        var report = ReportFixture.minimalReport
        report.tests = (0..<RunStore.parallelReportsFrom).map { index in
            TestResult(
                id: "M.Suite\(index % 40)/test\(index)", name: "test\(index)", suite: "Suite\(index % 40)",
                framework: .xctest, status: index % 97 == 0 ? .failed : .passed,
                durationSeconds: Double(index % 1000) / 1000, order: index + 1,
                failures: index % 97 == 0
                    ? [TestFailure(message: "no \(index)", file: "/p/Tests/T.swift", line: 3)] : [])
        }
        report.status = .failed
        return report
    }

    /// A writer that refuses every byte of one file (and its temp file), as a full disk would.
    static func refusing(_ name: String) -> FileWriter {
        FileWriter { descriptor, bytes, path in
            let file = URL(fileURLWithPath: path).lastPathComponent
            guard file == name || AtomicFile.targetName(ofTemporary: file) == name else {
                return FileWriter.system.write(descriptor, bytes, path)
            }
            errno = ENOSPC
            return -1
        }
    }

    @Test func everyReportOfABigRunIsWhatItsWriterRendersAlone() throws {
        let folder = try TemporaryDirectory()
        let report = Self.bigReport
        try RunStore(outputDirectory: folder.url).writeReports(
            report, in: folder.url, formats: [.json, .junit, .markdown, .html])
        func file(_ name: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(name)) }
        #expect(try file("report.json") == JSONReport.render(report))
        #expect(try file("junit.xml") == Data(JUnitReport.render(report).utf8))
        #expect(try file("summary.md") == Data(MarkdownReport.render(report).utf8))
        #expect(try file("index.html") == Data(HTMLReport.render(report, attachmentContent: { _ in nil }).utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "index.html", "junit.xml", "report.json", "summary.md",
            ])
    }

    @Test(arguments: ["junit.xml", "summary.md", "index.html", "report.json"])
    func aFileThatCannotBeWrittenKeepsReportJSONAwayAndLeavesNoTempFile(name: String) throws {
        let folder = try TemporaryDirectory()
        let store = RunStore(outputDirectory: folder.url, writer: Self.refusing(name))
        #expect {
            try store.writeReports(Self.bigReport, in: folder.url, formats: [.json, .junit, .markdown, .html])
        } throws: { error in
            "\(error.localizedDescription)".contains(name)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!left.contains("report.json"), "\(left)")
        #expect(!left.contains { $0.hasPrefix(".") && !OutputLayout.isRunFolderMarker($0) }, "\(left)")
    }

    /// A big run's console.log is copied on a thread beside the reports: the run ends as a small run's does — the
    /// same history line, console.log's bytes, console.log among the artifacts, no hidden file.
    @Test func finishingABigRunCopiesTheLogAndAppendsTheSameHistoryLine() throws {
        let folder = try TemporaryDirectory()
        let log = folder.url.appendingPathComponent("input.log")
        try Data("Test Suite 'All tests' started\n".utf8).write(to: log)
        // history.jsonl's line, written when SQLite is missing.
        var store = RunStore(outputDirectory: folder.url.appendingPathComponent("out"))
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        let runDirectory = try store.createRunDirectory(runID: Self.bigReport.runID)
        let written = try store.finish(
            Self.bigReport, in: runDirectory, formats: [.json, .junit, .html], consoleLog: log, environment: [:])
        #expect(written.artifacts.contains("console.log"))
        #expect(try Data(contentsOf: runDirectory.appendingPathComponent("console.log")) == Data(contentsOf: log))
        var reference = RunStore(outputDirectory: folder.url.appendingPathComponent("reference"))
        reference.history = HistoryOpening.withoutSQLite(outputFolder: reference.outputDirectory)
        _ = try reference.createRunDirectory(runID: written.runID)
        try reference.appendHistory(written)
        #expect(
            try Data(contentsOf: OutputLayout(root: store.outputDirectory).history)
                == Data(contentsOf: OutputLayout(root: reference.outputDirectory).history))
        let left = try FileManager.default.contentsOfDirectory(atPath: runDirectory.path)
        #expect(!left.contains { $0.hasPrefix(".") && !OutputLayout.isRunFolderMarker($0) }, "\(left)")
    }

    /// A full disk under the copied console.log: no report.json, no history line, no hidden file left in the run
    /// directory — also when report.json is the only report (nothing else on another thread).
    @Test(arguments: [[ReportFormat.json, .junit], [.json]])
    func aBigRunWhoseLogCannotBeWrittenGetsNoReportJSON(formats: [ReportFormat]) throws {
        let name = "console.log"
        let folder = try TemporaryDirectory()
        let log = folder.url.appendingPathComponent("input.log")
        try Data(repeating: UInt8(ascii: "x"), count: 3 << 20).write(to: log)
        var store = RunStore(outputDirectory: folder.url.appendingPathComponent("out"), writer: Self.refusing(name))
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        let runDirectory = try store.createRunDirectory(runID: Self.bigReport.runID)
        #expect {
            try store.finish(
                Self.bigReport, in: runDirectory, formats: formats, consoleLog: log, environment: [:])
        } throws: { error in
            "\(error.localizedDescription)".contains(name)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: runDirectory.path)
        let strays = left.filter { $0.hasPrefix(".") && !OutputLayout.isRunFolderMarker($0) }
        #expect(!left.contains("report.json") && strays.isEmpty, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: OutputLayout(root: store.outputDirectory).history.path))
    }
}
