import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct DashboardCommandTests {
    private static func run(_ arguments: [String], in folder: TemporaryDirectory) async -> (ExitCode, String, String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: [:], currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["dashboard"] + arguments, context: context)
        return (code, out.text, err.text)
    }

    @Test func aFolderWithoutHistoryIsRefusedNamingWhatToGive() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let (code, _, err) = await Self.run(["--from", "empty"], in: folder)
        #expect(code == .invalidInput)
        #expect(err.contains("empty holds no history (history.sqlite or history.jsonl): give --from an output folder"))
        #expect(try folder.files(in: "empty").isEmpty)
    }

    @Test func aParsedOutputFolderGetsASiteInItsSiteFolderOrWhereOutputSays() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        let store = RunStore(outputDirectory: output)
        let run = try store.createRunDirectory(runID: ReportFixture.report.runID)
        _ = try store.finish(
            ReportFixture.report, in: RunDirectory(run), formats: ReportRegistry.standard.formats, consoleLog: nil,
            environment: [:])

        let (code, out, err) = await Self.run(["--from", "out"], in: folder)
        #expect(code == .passed, "\(err)")
        #expect(out.contains("dashboard: 8 pages for smoke in \(output.appendingPathComponent("site").path)"), "\(out)")
        let overview = try String(
            contentsOf: output.appendingPathComponent("site/\(DashboardPaths.pipelineFolder("smoke"))/index.html"),
            encoding: .utf8)
        #expect(overview.contains("href=\"../../runs/\(ReportFixture.report.runID)/index.html\""))

        let (again, _, _) = await Self.run(["--from", "out", "--output", "public/site"], in: folder)
        #expect(again == .passed)
        let moved = try String(
            contentsOf: folder.url.appendingPathComponent(
                "public/site/\(DashboardPaths.pipelineFolder("smoke"))/index.html"), encoding: .utf8)
        #expect(moved.contains("href=\"../../../out/runs/\(ReportFixture.report.runID)/index.html\""))
    }
}
