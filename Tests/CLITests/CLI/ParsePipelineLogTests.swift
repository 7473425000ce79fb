import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun parse` of logs as pipelines deliver them. Every line prefixed: a known prefix reads as the bare log, an
/// unknown one is said with the fix, exit 3, never a verdict the rules that search inside a line made up. Two
/// processes interleaved: whole, never called cut. Symbols `cat -v` rendered: read as the symbols.
@Suite struct ParsePipelineLogTests {
    private static func parse(_ text: String) async throws -> (ExitCode, String, URL) {
        let folder = try TemporaryDirectory()
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("run.log"))
        let standardError = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: standardError, environment: [:],
            currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["parse", "run.log", "--output", "out"], context: context)
        return (code, standardError.text, folder.url)
    }

    @Test func aMoreutilsTimestampedFailingLogFailsItsTest() async throws {
        let (code, standardError, folder) = try await Self.parse(
            PipelineLogs.prefixed(PipelineLogs.failing) { "Mar  1 10:00:\(String(format: "%02d", $0)) " })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(code == .testsFailed)
        let report = try RunReportFile.load(at: folder.appendingPathComponent("out/latest"))
        #expect(report.tests.map(\.status) == [.passed, .failed])
        #expect(report.tests.flatMap(\.failures).map(\.file) == ["/src/Tests/CartTests.swift"])
        #expect(!standardError.contains("Pass the whole log"))
    }

    @Test(arguments: [PipelineLogs.failing, PipelineLogs.crashing])
    func anUnknownPrefixExitsThreeNamingIt(_ log: String) async throws {
        let (code, standardError, folder) = try await Self.parse(PipelineLogs.prefixed(log) { "job#\($0 % 3)> " })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(code == .infrastructure)
        #expect(standardError.contains("its test lines carry a prefix smokerun does not read"))
        #expect(standardError.contains("cut -b8- "))
        for wrong in ["check the command's filter", "crashed before any test", "Pass the whole log"] {
            #expect(!standardError.contains(wrong))
        }
    }

    @Test func twoInterleavedPassingProcessesPass() async throws {
        let (code, standardError, folder) = try await Self.parse(
            PipelineLogs.interleaved(
                PipelineLogs.process("MathTests", ["testA", "testB"]), PipelineLogs.process("OtherTests", ["testC"])))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(code == .passed)
        #expect(!standardError.contains("Pass the whole log"))
        #expect(!standardError.contains("left no closing totals"))
        #expect(standardError.contains("whose totals are whose cannot be told"))
        let report = try RunReportFile.load(at: folder.appendingPathComponent("out/latest"))
        #expect(report.status == .passed)
        #expect(report.totals.passed == 3)
    }

    @Test func aCatVRenderedFailingSwiftTestingLogFails() async throws {
        let (code, _, folder) = try await Self.parse(PipelineLogs.catV(PipelineLogs.swiftTestingRun))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(code == .testsFailed)
        let report = try RunReportFile.load(at: folder.appendingPathComponent("out/latest"))
        #expect(report.totals.failed == 1)
        #expect(report.totals.passed == 1)
        #expect(report.totals.skipped == 1)
    }
}
