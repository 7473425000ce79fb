import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// A new input format is one `InputFormat` plus its registry entry: `smokerun parse` detects it, reads it through
/// its reader and reports its tests like the own formats'.
@Suite struct InputFormatRegistryTests {
    /// A format smokerun does not have: TAP, the Test Anything Protocol (`ok 1 - Module.Suite/test`).
    struct TAPFormat: InputFormat, LineRule {
        var name: String { "tap" }

        func claims(head: InputHead) -> Bool { head.bytes.hasPrefix("TAP version ") }

        func read(_ line: LineBytes) -> TestEvent {
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("ok ") || text.hasPrefix("not ok "), let dash = text.range(of: " - ") else {
                return text.hasPrefix("TAP version ") || text.hasPrefix("1..") ? .ignored : .output(text)
            }
            let description = text[dash.upperBound...].split(separator: "#", maxSplits: 1)
            let id = description[0].trimmingCharacters(in: .whitespaces)
            let (suite, name) = (id.prefix { $0 != "/" }, id.drop { $0 != "/" }.dropFirst())
            let module = suite.prefix { $0 != "." }
            let ref = TestRef(
                framework: .xctest, module: String(module), suite: String(suite.dropFirst(module.count + 1)),
                name: String(name))
            if description.count > 1, description[1].trimmingCharacters(in: .whitespaces).hasPrefix("SKIP") {
                return .skipped(ref, reason: nil)
            }
            return .testFinished(ref, text.hasPrefix("ok ") ? .passed : .failed, durationSeconds: nil)
        }
    }

    private let tap = """
        TAP version 13
        1..3
        ok 1 - Shop.CartTests/testTotal
        not ok 2 - Shop.CartTests/testDiscount
        ok 3 - Shop.CartTests/testOffline # SKIP no network here

        """

    @Test func aRegisteredFormatIsDetectedReadAndReportedByParse() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(tap.utf8).write(to: folder.url.appendingPathComponent("results.tap"))
        var command = try ParseCommand(arguments: ["results.tap", "--output", "out"])
        command.inputFormats.formats.append(TAPFormat())
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: folder.url)
        let code = try await command.run(in: context)

        #expect(code == .testsFailed)
        let runs = folder.url.appendingPathComponent("out/runs")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let report = try RunReportFile.load(at: runs.appendingPathComponent(run))
        #expect(report.inputs?.map(\.format) == ["tap"])
        #expect(
            report.tests.map(\.id) == [
                "Shop.CartTests/testTotal", "Shop.CartTests/testDiscount", "Shop.CartTests/testOffline",
            ])
        #expect(report.tests.map(\.status) == [.passed, .failed, .skipped])
        let standard = Array(tap.utf8).withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0) }
        #expect(standard.name == "console")
    }

    @Test func eachStandardFormatSaysHowItIsRead() {
        let standard = InputFormatRegistry.standard
        #expect(
            standard.formats.filter(\.isDocument).map(\.name) == [
                "xcresultTests", "xcresultLegacy", "xcresultSummary", "junit", "sonarTestExecutions",
            ])
        #expect(standard.formats.filter { $0.makeReader().isEventStream }.map(\.name) == ["eventStream"])
        #expect(!standard.fallback.isDocument && standard.fallback.name == "console")
    }
}
