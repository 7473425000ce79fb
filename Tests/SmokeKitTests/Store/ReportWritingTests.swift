import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Report writing is serial unless the run is big enough for the threaded writer, chosen in one place.
@Suite struct ReportWritingTests {
    @Test func aSmallRunIsWrittenSeriallyAndABigOneOnThreads() {
        #expect(SerialReportWriting.chosen(forTests: 10) is SerialReportWriting)
        #expect(
            SerialReportWriting.chosen(forTests: ScaleThresholds.reportsOnThreadsFromTests - 1) is SerialReportWriting)
        #expect(
            SerialReportWriting.chosen(forTests: ScaleThresholds.reportsOnThreadsFromTests) is ThreadedReportWriting)
    }

    /// The serial writer does the work first and puts report.json in place last, whatever order the formats come in.
    @Test func theSerialWriterWritesReportJSONLast() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let order = LockedNames()
        let recording = FileWriter { descriptor, bytes, path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            order.append(AtomicFile.targetName(ofTemporary: name) ?? name)
            return FileWriter.system.write(descriptor, bytes, path)
        }
        let writers: [any ReportWriter] = [JSONReport(), JUnitReport(), MarkdownReport()]
        try SerialReportWriting().write(
            ReportFixture.minimalReport, with: writers, in: RunDirectory(folder.url), context: ReportContext(),
            writer: recording, work: [{ order.append("work") }])
        let names = order.names.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(names == ["work", "junit.xml", "summary.md", "report.json"])
    }

    final class LockedNames: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var names: [String] { lock.withLock { stored } }
        func append(_ name: String) { lock.withLock { stored.append(name) } }
    }
}
