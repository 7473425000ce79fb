import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A full disk at each write a run makes. The writes fail through an injected
/// `FileWriter` (ENOSPC at a chosen file, after a chosen number of bytes); the run must exit 3,
/// say what it could not write and where, and never print `passed` with a report that is not there.
///
/// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
/// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct FullDiskTests {
    struct Finished {
        var outcome: SmokeRun.Outcome
        var out: String
        var err: String
        var output: URL
    }

    /// Finishes a passing run of one test (no build, no driver) with `writer`, the way `run` does.
    /// `withoutSQLite` makes its history history.jsonl (the library it names does not load), written through `writer`.
    func finishRun(
        writer: FileWriter, withoutSQLite: Bool = false, prepare: (URL) throws -> Void = { _ in }
    ) async throws -> Finished {
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let root = package.deletingLastPathComponent()
        let pipelineURL = try IntegrationSupport.writePipeline(
            #"{"name": "disk", "swiftpm": {"packagePath": "TipCalculator"}, "coverage": {"enabled": false}}"#,
            named: "disk", next: package)
        let pipeline = try PipelineLoader().load(pipelineURL)
        var options = SmokeRun.Options()
        options.notify = false
        let out = BufferOutput()
        let err = BufferOutput()
        let environment = withoutSQLite ? ["SMOKERUN_SQLITE_LIBRARY": "/nonexistent/libsqlite3.so.0"] : [:]
        let context = HostContext(
            standardOutput: out, standardError: err, environment: environment, currentDirectory: root)
        var run = SmokeRun(pipeline: pipeline, options: options, context: context, cancellation: CancellationFlag())
        run.fileWriter = writer
        try FileManager.default.createDirectory(at: run.outputDirectory, withIntermediateDirectories: true)
        try prepare(run.outputDirectory)
        let runID = RunID.make(date: Date(), suffix: RunID.randomSuffix())
        let runDirectory = try RunStore(outputDirectory: run.outputDirectory).createRunDirectory(runID: runID)
        let device = HostDevice.resolve(pipeline.device, environment: [:])
        let test = TestResult(
            id: "TipTests.TipTests/testTip", name: "testTip", suite: "TipTests.TipTests", framework: .xctest,
            status: .passed)
        let report = RunReport(
            pipeline: "disk", runID: runID, status: .passed, startedAt: Date(), finishedAt: Date(), seed: 7,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 7), environment: [:], device: device,
            toolchain: nil, tests: [test])
        let outcome = await run.finisher.finish(RunDraft(report: report, folder: RunDirectory(runDirectory)))
        return Finished(outcome: outcome, out: out.text, err: err.text, output: run.outputDirectory)
    }

    @Test(arguments: ["report.json", "index.html", "junit.xml", "summary.md", "history.jsonl"])
    func aFullDiskAtEachResultFileExitsThreeNamingIt(file: String) async throws {
        let finished = try await finishRun(
            writer: NoSpaceWriter.failing({ $0 == file }, bytesAccepted: 17), withoutSQLite: file == "history.jsonl")
        #expect(finished.outcome.failure == .infrastructure)
        #expect(finished.outcome.report.status == .error)
        let path = finished.outcome.runDirectory.appendingPathComponent(file).path
        let expected = file == "history.jsonl" ? finished.output.appendingPathComponent(file).path : path
        #expect(
            finished.err.contains("could not write \(expected): \(String(cString: strerror(ENOSPC)))"),
            "\(finished.err)")
        #expect(!finished.out.contains("disk: passed"), "\(finished.out)")
        // A history that could not be written leaves the reports whole, rewritten as `error`: the summary points at them.
        let reportsWhole = file == "history.jsonl"
        #expect(
            finished.out.contains("\(finished.outcome.runDirectory.lastPathComponent)/index.html") == reportsWhole,
            "\(finished.out)")
        #expect(finished.out.contains("report: not written") == !reportsWhole)
        // Nothing half-written is left under the name readers look for.
        if file != "history.jsonl" {
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func aHistoryLineThatDoesNotFitLeavesTheFileAsItWasAndTheReportSaysError() async throws {
        let earlier = Data(#"{"not":"a run but a whole line"}"#.utf8 + [UInt8(ascii: "\n")])
        let finished = try await finishRun(
            writer: NoSpaceWriter.failing({ $0 == "history.jsonl" }, bytesAccepted: 40), withoutSQLite: true
        ) { output in
            try earlier.write(to: output.appendingPathComponent("history.jsonl"))
        }
        #expect(finished.outcome.failure == .infrastructure)
        #expect(try Data(contentsOf: finished.output.appendingPathComponent("history.jsonl")) == earlier)
        // report.json was written before the history failed; it is rewritten so it does not say passed.
        let saved = try RunReportFile.load(at: finished.outcome.runDirectory)
        #expect(saved.status == .error)
        #expect(saved.errors.contains { $0.message.contains("history.jsonl") })
        // A run the history does not hold is not the latest run.
        let latest = finished.output.appendingPathComponent("latest")
        #expect(!FileManager.default.fileExists(atPath: latest.path))
    }

    /// A history.sqlite that cannot take the run (here: a folder where the file goes) fails the run as a full
    /// disk does: status `error` naming the file, and `latest` not moved to a run the history does not hold.
    @Test func aHistoryDatabaseThatCannotBeWrittenMakesTheRunAnErrorAndKeepsLatest() async throws {
        let finished = try await finishRun(writer: .system) { output in
            try FileManager.default.createDirectory(
                at: OutputLayout(root: output).historyDatabase, withIntermediateDirectories: false)
        }
        #expect(finished.outcome.failure == .infrastructure)
        let saved = try RunReportFile.load(at: finished.outcome.runDirectory)
        #expect(saved.status == .error)
        #expect(saved.errors.contains { $0.message.contains("history.sqlite") && $0.message.contains("directory") })
        #expect(!FileManager.default.fileExists(atPath: finished.output.appendingPathComponent("latest").path))
    }

    @Test func aTornLastHistoryLineIsRepairedByTheNextAppend() throws {
        let folder = try IntegrationSupport.copyFixture("TipCalculator").deletingLastPathComponent()
            .appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let history = folder.appendingPathComponent("history.jsonl")
        try Data(#"{"runID": "torn by a crash"#.utf8).write(to: history)
        let line = Data(#"{"whole": true}"#.utf8 + [UInt8(ascii: "\n")])
        try POSIXFile.appendLine(line, to: history)
        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text == "{\"runID\": \"torn by a crash\n{\"whole\": true}\n")
    }

    @Test func aFullDiskUnderConsoleLogIsRecordedNotATrap() throws {
        let folder = try IntegrationSupport.copyFixture("TipCalculator").deletingLastPathComponent()
        let url = folder.appendingPathComponent("console.log")
        let console = try ConsoleLog(url: url, writer: NoSpaceWriter.failing({ $0 == "console.log" }, bytesAccepted: 5))
        console.note("batch one")
        Data("more output\n".utf8).withUnsafeBytes { console.write($0) }
        let failure = try #require(console.failure)
        #expect(failure == .writeFailed(path: url.path, reason: String(cString: strerror(ENOSPC))))
        #expect(try Data(contentsOf: url).count == 5)
    }

    @Test func anAttachmentThatDoesNotFitIsAnErrorNamingItAndLeavesNoFile() throws {
        let run = try IntegrationSupport.copyFixture("TipCalculator").deletingLastPathComponent()
            .appendingPathComponent("run")
        var tests = [TestResult(id: "A.B/c", name: "c", suite: "A.B", framework: .xctest, status: .failed)]
        let raw = RawAttachment(
            testID: "A.B/c", name: "screen.png", content: .bytes(Data(repeating: 7, count: 4096)),
            mediaType: "image/png")
        let errors = AttachmentStore(writer: NoSpaceWriter.failing({ $0.hasSuffix(".png") }, bytesAccepted: 100))
            .attach([raw], to: &tests, in: run)
        #expect(errors.count == 1)
        let message = try #require(errors.first?.message)
        #expect(
            message.contains(
                "attachment 'screen.png' of A.B/c could not be stored: could not write \(run.path)/attachments/"),
            "\(message)")
        #expect(message.contains(".png: \(String(cString: strerror(ENOSPC)))"), "\(message)")
        #expect(tests[0].attachments.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: run.appendingPathComponent("attachments").path).isEmpty)
    }

    @Test func latestThatIsNotALinkIsAnErrorNamingIt() async throws {
        let finished = try await finishRun(writer: .system) { output in
            try FileManager.default.createDirectory(
                at: output.appendingPathComponent("latest"), withIntermediateDirectories: true)
        }
        #expect(finished.outcome.failure == .infrastructure)
        #expect(
            finished.err.contains(
                "\(finished.output.appendingPathComponent("latest").path) exists and is not a symbolic link"),
            "\(finished.err)")
    }
}
