import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

@Suite struct RecordedPipelineTests {
    /// `<tmp>/Pipelines/order.json` beside `<tmp>/.smokerun/runs/<id>/`, and a report that recorded it.
    struct Project: ~Copyable {
        let root: URL
        let file: URL
        let run: URL
        var report: RunReport

        init(content: String = #"{"name": "order", "swiftpm": {"packagePath": "pkg"}}"#) throws {
            root = TestScratch.root.appendingPathComponent(
                "smokerun-recorded-\(UUID().uuidString)")
            file = root.appendingPathComponent("Pipelines/order.json")
            run = root.appendingPathComponent(".smokerun/runs/20261122T040000Z-abcd")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
            try Data(content.utf8).write(to: file)
            report = ReportFixture.report
            report.runID = "20261122T040000Z-abcd"
            report.pipelineFile = "Pipelines/order.json"
            report.pipelineHash = SHA256.hex(Data(content.utf8))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func context(in folder: URL) -> HostContext {
            HostContext(
                standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
                currentDirectory: folder)
        }
    }

    @Test func theRecordedFileIsFoundFromTheProjectRootAndFromElsewhere() throws {
        let project = try Project()
        let atRoot = try RecordedPipeline.file(
            for: project.report, runDirectory: project.run, given: nil, context: project.context(in: project.root))
        #expect(
            atRoot.url.path == project.file.standardizedFileURL.path && atRoot.displayPath == "Pipelines/order.json")
        // From another folder the project is found beside the run's output folder, and named in full.
        let elsewhere = try RecordedPipeline.file(
            for: project.report, runDirectory: project.run, given: nil,
            context: project.context(in: URL(fileURLWithPath: "/")))
        #expect(
            elsewhere.url.path == project.file.standardizedFileURL.path && elsewhere.displayPath == elsewhere.url.path)
    }

    @Test func givenPipelineWinsOverTheRecordedOne() throws {
        let project = try Project()
        let chosen = try RecordedPipeline.file(
            for: project.report, runDirectory: project.run, given: "other.json",
            context: project.context(in: project.root))
        #expect(chosen.displayPath == "other.json" && chosen.url.lastPathComponent == "other.json")
    }

    @Test func aRecordedFileThatIsGoneSaysWhereItLookedAndTheFix() throws {
        var project = try Project()
        project.report.pipelineFile = "Pipelines/gone.json"
        let error = #expect(throws: RecordedPipelineError.self) {
            try RecordedPipeline.file(
                for: project.report, runDirectory: project.run, given: nil, context: project.context(in: project.root))
        }
        #expect(error?.kind == .invalidInput)
        #expect(
            error?.localizedDescription.hasPrefix(
                "run 20261122T040000Z-abcd ran pipeline Pipelines/gone.json, which is not there now") == true)
        #expect(error?.localizedDescription.hasSuffix("pass the pipeline with --pipeline FILE") == true)
    }

    @Test func aChangedFileIsAWarningNamingTheFileAndBothHashes() throws {
        let project = try Project()
        #expect(
            RecordedPipeline.changeWarning(project.report, file: project.file, displayPath: "Pipelines/order.json")
                == nil)
        let edited = Data(#"{"name": "order", "swiftpm": {"packagePath": "pkg"}, "retries": {"failed": 2}}"#.utf8)
        try edited.write(to: project.file)
        let warning = try #require(
            RecordedPipeline.changeWarning(project.report, file: project.file, displayPath: "Pipelines/order.json"))
        let old = try #require(project.report.pipelineHash)
        #expect(warning.hasPrefix("warning: Pipelines/order.json changed since run 20261122T040000Z-abcd"))
        #expect(warning.contains("sha256 \(old.prefix(12))… then, \(SHA256.hex(edited).prefix(12))… now"))
        // A report without a hash (older runs, parse) has nothing to compare.
        var unhashed = project.report
        unhashed.pipelineHash = nil
        #expect(
            RecordedPipeline.changeWarning(unhashed, file: project.file, displayPath: "Pipelines/order.json") == nil)
    }
}
