import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// smokerun runs as root on CI machines, in output folders others can write. A symlink planted where it writes
/// (`history.jsonl`, `locks/<name>.lock`, `runs/`) must never make it write through to what the link points at, and
/// a pipeline whose `output` names a folder that is not smokerun's own is refused before anything is written.
@Suite(.timeLimit(.minutes(10))) struct ForeignFilesTests {
    private func victim(in folder: TemporaryDirectory) throws -> URL {
        let file = folder.url.appendingPathComponent("victim.conf")
        try Data("untouched\n".utf8).write(to: file)
        return file
    }

    private func report(_ runID: String) -> RunReport {
        RunReport(
            pipeline: "smoke", runID: runID, status: .passed, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            finishedAt: Date(timeIntervalSince1970: 1_800_000_060), seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [])
    }

    @Test func aHistoryFileThatIsASymlinkIsNotAppendedTo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let victim = try victim(in: folder)
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: OutputLayout(root: output).history, withDestinationURL: victim)
        // history.jsonl is written only without SQLite (history.sqlite's link: HistoryDatabaseTests).
        var store = RunStore(outputDirectory: output)
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        #expect {
            try store.appendHistory(report("20261122T040000Z-0001"))
        } throws: { error in
            error.localizedDescription.contains("history.jsonl")
                && error.localizedDescription.contains("symbolic link")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched\n")
    }

    @Test func aHistoryFileThatIsASymlinkIsNotReadAsHistory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // What the link points at is a perfectly good history: reading it would still be reading another's file.
        let elsewhere = folder.url.appendingPathComponent("elsewhere.jsonl")
        var store = RunStore(outputDirectory: folder.url.appendingPathComponent("other"))
        store.history = HistoryOpening.withoutSQLite(outputFolder: store.outputDirectory)
        try FileManager.default.createDirectory(at: store.outputDirectory, withIntermediateDirectories: true)
        try store.appendHistory(report("20261122T040000Z-0001"))
        try FileManager.default.moveItem(at: OutputLayout(root: store.outputDirectory).history, to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: OutputLayout(root: output).history, withDestinationURL: elsewhere)
        #expect {
            _ = try HistoryOpening.open(outputFolder: output).entries(pipeline: nil)
        } throws: { error in
            error.localizedDescription.contains("history.jsonl")
                && error.localizedDescription.contains("symbolic link")
        }
    }

    @Test func aLockFileThatIsASymlinkIsNotWrittenWithThePID() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let victim = try victim(in: folder)
        let output = folder.url.appendingPathComponent("out")
        let url = RunLock.fileURL(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: victim)
        #expect {
            try RunLock.acquire(at: url)
        } throws: { error in
            guard case RunLockError.unusable(let path, let reason) = error else { return false }
            return path == url.path && reason.contains("symbolic link")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched\n")
    }

    @Test func aLocksFolderThatIsASymlinkIsNotWrittenThrough() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let elsewhere = folder.url.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("locks"), withDestinationURL: elsewhere)
        let url = RunLock.fileURL(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil))
        #expect(throws: RunLockError.self) { try RunLock.acquire(at: url) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aRunsFolderThatIsASymlinkGetsNoRun() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: OutputLayout(root: output).runs, withDestinationURL: elsewhere)
        #expect {
            try RunStore(outputDirectory: output).createRunDirectory(runID: "20261122T040000Z-0001")
        } throws: { error in
            error.localizedDescription.contains("runs") && error.localizedDescription.contains("symbolic link")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// `"output": "."` (and `..`, `~`, a folder of someone else's files) is exit 2 naming the key and the fix.
    @Test(arguments: [".", "..", "~", "", "foreign", "dotfiles"])
    func anOutputThatIsNotSmokerunsOwnFolderIsRefused(output: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let project = folder.url.appendingPathComponent("project")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
        let foreign = project.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("thesis.tex"))
        // A folder of hidden files only is someone's too: the sweeper must never get near `.name.tmp-…` here.
        let dotfiles = project.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(
            at: dotfiles.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("alias ll='ls -l'\n".utf8).write(to: dotfiles.appendingPathComponent(".bashrc"))
        let pipeline = project.appendingPathComponent("Pipelines/smoke.json")
        let json = #"{"name": "smoke", "swiftpm": {"packagePath": "."}, "output": "\#(output)"}"#
        try Data(json.utf8).write(to: pipeline)
        #expect {
            try PipelineLoader().load(pipeline, displayPath: "Pipelines/smoke.json", checkingPaths: true)
        } throws: { error in
            guard let error = error as? PipelineError else { return false }
            let text = error.localizedDescription
            return error.kind == .invalidInput && text.hasPrefix("pipeline Pipelines/smoke.json: 'output': ")
                && text.contains("\".smokerun\"")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign.path) == ["thesis.tex"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path).sorted() == [".bashrc", ".git"])
    }

    @Test(arguments: [".smokerun", "build/smoke", "existing"])
    func anOutputOfSmokerunsOwnIsAccepted(output: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let project = folder.url.appendingPathComponent("project")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:5.9\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
        // An output folder an earlier run wrote: it has smokerun's own names in it.
        let existing = project.appendingPathComponent("existing")
        try FileManager.default.createDirectory(
            at: existing.appendingPathComponent("runs"), withIntermediateDirectories: true)
        try Data().write(to: existing.appendingPathComponent("history.jsonl"))
        let pipeline = project.appendingPathComponent("Pipelines/smoke.json")
        let json = #"{"name": "smoke", "swiftpm": {"packagePath": "."}, "output": "\#(output)"}"#
        try Data(json.utf8).write(to: pipeline)
        _ = try PipelineLoader().load(pipeline, checkingPaths: true)
    }
}
