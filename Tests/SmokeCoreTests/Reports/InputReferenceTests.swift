import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// How the reports name a parsed input the run folder holds no copy of, in each state it can be found in later.
@Suite struct InputReferenceTests {
    static let hash = String(repeating: "3f", count: 32)

    static func parsedReport(artifacts: [String] = ["index.html", "report.json", "summary.md"]) -> RunReport {
        var report = ReportFixture.minimalReport
        report.artifacts = artifacts
        report.inputs = [
            InputRecord(path: "/ci/logs/build 1.log", format: "console", bytes: 2_048, sha256: hash),
            // A bundle is never read as bytes: it has no hash and is not pointed at.
            InputRecord(path: "/ci/run.xcresult", format: "xcresult"),
        ]
        return report
    }

    @Test func onlyInputsReadAsBytesAreReferencedAndOnlyWithoutACopy() {
        #expect(InputReference.referenced(Self.parsedReport()).map(\.path) == ["/ci/logs/build 1.log"])
        #expect(InputReference.referenced(Self.parsedReport(artifacts: ["console.log", "report.json"])).isEmpty)
        #expect(InputReference.referenced(ReportFixture.minimalReport).isEmpty)
    }

    @Test func thePagesSayWhatStandsAtThePathNow() {
        let report = Self.parsedReport()
        let path = "/ci/logs/build 1.log"
        let present = HTMLReport.console(report, inputPresence: [path: .present])
        #expect(present.contains("<a href=\"file:///ci/logs/build%201.log\"><code>/ci/logs/build 1.log</code></a>"))
        #expect(present.contains("2.0 KB, sha256 \(Self.hash)"))
        #expect(present.contains("smokerun kept no copy of it"))
        let missing = HTMLReport.console(report, inputPresence: [path: .missing])
        #expect(missing.contains("It is no longer there") && !missing.contains("href="))
        let changed = MarkdownReport.render(report, inputPresence: [path: .changed(bytes: 10)])
        #expect(changed.contains("**Input** `/ci/logs/build 1.log` (2.0 KB, sha256 \(Self.hash))."))
        #expect(changed.contains("A file of another size (10 B) stands there now"))
        let copied = HTMLReport.console(Self.parsedReport(artifacts: ["console.log"]))
        #expect(copied.contains("<a href=\"console.log\">console.log</a>"))
    }

    /// A report.json written before inputs had a size and hash still loads; they are nil.
    @Test func anOlderInputRecordDecodesWithoutSizeOrHash() throws {
        let json =
            #"{"path":"a.log","format":"console","strippedPrefix":null,"unrecognizedLines":0,"firstUnrecognizedLine":null}"#
        let record = try JSONDecoder().decode(InputRecord.self, from: Data(json.utf8))
        #expect(record.path == "a.log" && record.bytes == nil && record.sha256 == nil)
        let encoded = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(encoded.contains(#""sha256":null"#) && encoded.contains(#""bytes":null"#))
    }
}
