import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `smokerun history` over a history with corrupt lines says so, with the count and
/// the first line; a history of nothing but garbage is not "no runs yet".
///
/// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
/// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct CorruptHistoryTests {
    func history(_ lines: [String]) async throws -> (ExitCode, String, String) {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-history-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("history.jsonl"))
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder)
        let status = try await HistoryCommand(arguments: ["--output", "."]).run(in: context)
        return (status, out.text, err.text)
    }

    func entryLine(_ runID: String) throws -> String {
        let report = RunReport(
            pipeline: "smoke", runID: runID, status: .passed, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            finishedAt: Date(timeIntervalSince1970: 1_800_000_060), seed: 3,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 3),
            environment: [:], device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [])
        let entry = HistoryEntry(report: report, path: RunStore.relativePath(runID: runID))
        return String(decoding: try JSONCoding.encoder(pretty: false).encode(entry), as: UTF8.self)
    }

    @Test func someCorruptLinesGiveOneWarningWithCountAndFirstLine() async throws {
        let (status, out, err) = try await history([
            try entryLine("20261122T040000Z-aaaa"), "{\"torn", try entryLine("20261122T080000Z-bbbb"), "garbage",
        ])
        #expect(status == .passed)
        #expect(out.contains("20261122T080000Z-bbbb") && out.contains("20261122T040000Z-aaaa"))
        #expect(err.hasPrefix("smokerun: warning: skipped 2 corrupt lines in "), "\(err)")
        #expect(err.contains("history.jsonl, first at line 2"))
        #expect(err.split(separator: "\n").count == 1)
    }

    /// Once a run made `history.sqlite`, "no runs yet" names it, not the `history.jsonl` the database replaced.
    @Test func noRunsOfAPipelineNamesTheDatabaseTheRunsAreIn() async throws {
        let folder = TestScratch.root.appendingPathComponent("smokerun-history-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let history = HistoryOpening.open(outputFolder: folder)
        guard history is SQLiteHistory else { return } // no libsqlite3: history.jsonl is the history
        let run = RunReport(
            pipeline: "other", runID: "20261122T040000Z-aaaa", status: .passed,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000),
            finishedAt: Date(timeIntervalSince1970: 1_800_000_060),
            seed: 3, ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 3), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [])
        try history.append(run, pipelinePath: nil, writer: .system)
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: folder)
        let status = try await HistoryCommand(arguments: ["--output", ".", "--pipeline", "smoke"]).run(in: context)
        #expect(status == .passed)
        #expect(out.text.hasPrefix("no runs yet in \(folder.path)/history.sqlite"), "\(out.text)")
    }

    @Test func aHistoryOfOnlyGarbageIsAnErrorNotNoRunsYet() async throws {
        let (status, out, err) = try await history(["garbage", "\u{0}\u{1}binary", "{\"runID\": 1"])
        #expect(status == .invalidInput)
        #expect(!out.contains("no runs yet"))
        #expect(err.contains("skipped 3 corrupt lines"), "\(err)")
        #expect(err.contains("no readable run in"))
    }
}
