import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A new report format is one `ReportWriter` plus its registry entry: nothing else in the store changes.
@Suite struct ReportRegistryTests {
    /// A format smokerun does not have: one line per test, `status id`.
    struct StatusListReport: ReportWriter {
        var format: ReportFormat { ReportFormat(rawValue: "statuses") }
        var fileName: String { "statuses.txt" }
        var cost: ReportCost { .perTest }

        func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink) {
            for test in report.tests { sink.append("\(test.status.rawValue) \(test.id)\n") }
        }
    }

    @Test func aRegisteredWriterIsWrittenAndListedLikeTheOwnFormats() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var registry = ReportRegistry.standard
        registry.writers.append(StatusListReport())
        var store = RunStore(outputDirectory: folder.url)
        store.registry = registry
        var report = ReportFixture.report
        report.runID = "20261122T040000Z-3f9a"
        let run = try store.createRunDirectory(runID: report.runID)
        let statuses = ReportFormat(rawValue: "statuses")
        let written = try store.finish(
            report, in: RunDirectory(run), formats: [statuses, .json], consoleLog: nil, environment: [:])

        let text = try String(contentsOf: run.appendingPathComponent("statuses.txt"), encoding: .utf8)
        #expect(text == report.tests.map { "\($0.status.rawValue) \($0.id)\n" }.joined())
        #expect(written.artifacts.contains("statuses.txt"))
        #expect(FileManager.default.fileExists(atPath: RunDirectory(run).report.path))
        #expect(registry.format(named: "statuses") == statuses)
        #expect(ReportRegistry.standard.format(named: "statuses") == nil)
    }

    @Test func aBigRunWritesEachPerTestReportOnItsOwnThreadAndSummariesBesideTheFirst() {
        let threads = ThreadedReportWriting.threads(for: ReportRegistry.standard.writers)
        #expect(threads.map { $0.map(\.format) } == [[.junit, .markdown], [.html]])
        #expect(ThreadedReportWriting.threads(for: [MarkdownReport()]).map { $0.map(\.format) } == [[.markdown]])
        #expect(ThreadedReportWriting.threads(for: [JSONReport()]).isEmpty)
    }

    @Test func everyStandardFormatHasItsOwnFile() {
        let names = ReportRegistry.standard.writers.map(\.fileName)
        #expect(names == ["report.json", "junit.xml", "summary.md", "index.html"])
        #expect(ReportRegistry.standard.formats.map(\.rawValue) == ["json", "junit", "markdown", "html"])
    }
}
