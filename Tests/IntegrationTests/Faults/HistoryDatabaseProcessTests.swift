import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `history.sqlite` under real smokerun processes: two `parse --output` into one folder at once both land, a
/// `kill -9` in the middle of an append leaves the earlier runs whole (and the killed run all there or not at
/// all), and a machine without SQLite still finishes its runs into history.jsonl.
@Suite(.timeLimit(.minutes(10))) struct HistoryDatabaseProcessTests {
    struct Finished: Sendable {
        var termination: Termination?
        var output: String
        var killed = false
    }

    /// A Linux XCTest console log of `tests` tests started at `date`; every `failingEvery`th one fails.
    static func log(tests: Int, date: String, failingEvery: Int = 50) -> Data {
        var text = "Test Suite 'All tests' started at \(date) 04:00:00.000\n"
        text += "Test Suite 'Bench.xctest' started at \(date) 04:00:00.000\n"
        for index in 0..<tests {
            let name = "HistoryTests.test\(index)"
            text += "Test Case '\(name)' started at \(date) 04:00:00.000\n"
            if index % failingEvery == 0 {
                text +=
                    "/src/Tests/HistoryTests.swift:\(index + 1): error: \(name) : XCTAssertTrue failed - run \(date)\n"
                text += "Test Case '\(name)' failed (0.002 seconds)\n"
            } else {
                text += "Test Case '\(name)' passed (0.001 seconds)\n"
            }
        }
        text += "Test Suite 'All tests' failed at \(date) 04:01:00.000\n"
        text +=
            "\t Executed \(tests) tests, with \((tests + failingEvery - 1) / failingEvery) failures (0 unexpected) in 60.0 (60.0) seconds\n"
        return Data(text.utf8)
    }

    /// Runs `smokerun` with `arguments` in `folder`; `kill` is asked every tick whether to SIGKILL it now.
    static func smokerun(
        _ arguments: [String], in folder: URL, environment extra: [String: String] = [:],
        kill shouldKill: @escaping () -> Bool = { false }
    ) throws -> Finished {
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(extra) { $1 }, currentDirectory: folder)
        var output = Data()
        var killed = false
        let deadline = Date().addingTimeInterval(300)
        let termination = child.run(
            tick: 0.005, onOutput: { output.append(contentsOf: $0) },
            onTick: {
                if !killed, shouldKill() {
                    kill(child.pid, SIGKILL)
                    killed = true
                }
                return Date() > deadline ? .kill : .keepRunning
            })
        return Finished(termination: termination, output: String(decoding: output, as: UTF8.self), killed: killed)
    }

    static func folder() throws -> URL {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-history-db-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func database(_ folder: URL) throws -> HistoryDatabase? {
        try HistoryOpening.database(outputFolder: folder.appendingPathComponent("out"))
    }

    @Test func twoConcurrentParsesIntoOneFolderBothLand() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.log(tests: 3_000, date: "2026-11-20").write(to: folder.appendingPathComponent("a.log"))
        try Self.log(tests: 3_000, date: "2026-11-21").write(to: folder.appendingPathComponent("b.log"))
        let finished = try await withThrowingTaskGroup(of: Finished.self) { group in
            for name in ["a.log", "b.log"] {
                group.addTask {
                    try await BlockingWork.run {
                        Result {
                            try Self.smokerun(["parse", name, "--output", "out", "--format", "json"], in: folder)
                        }
                    }.get()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for one in finished { #expect(one.termination == .exited(1), "\(one.output)") }
        let database = try #require(try Self.database(folder))
        let runs = try database.runs()
        #expect(runs.count == 2, "\(finished.map(\.output))")
        #expect(try database.connection.integer("SELECT count(*) FROM results") == 6_000)
        #expect(try database.testResults(testID: "HistoryTests/test50").count == 2)
        #expect(try database.testResults(testID: "HistoryTests/test50").allSatisfy { $0.message != nil })
    }

    @Test func sigkillDuringAnAppendLeavesTheEarlierRunsWholeAndTheKilledRunAllOrNothing() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.log(tests: 200, date: "2026-11-20").write(to: folder.appendingPathComponent("small.log"))
        let big = 150_000
        try Self.log(tests: big, date: "2026-11-21").write(to: folder.appendingPathComponent("big.log"))
        let arguments = ["--output", "out", "--format", "json"]
        let first = try await BlockingWork.run {
            Result { try Self.smokerun(["parse", "small.log"] + arguments, in: folder) }
        }.get()
        #expect(first.termination == .exited(1), "\(first.output)")
        // The append is under way once the write-ahead log holds more than the open's first pages.
        let wal = folder.appendingPathComponent("out/history.sqlite-wal")
        let killedRun = try await BlockingWork.run {
            Result {
                // Every test in the history (past the default limit only failures would be), so the append is long.
                try Self.smokerun(
                    ["parse", "big.log"] + arguments, in: folder, environment: [HistoryDetail.variable: "\(big)"]
                ) {
                    ((try? FileManager.default.attributesOfItem(atPath: wal.path))?[.size] as? NSNumber)?.intValue ?? 0
                        > 256 * 1024
                }
            }
        }.get()
        #expect(killedRun.killed, "the append was over before the kill: \(killedRun.output)")
        #expect(killedRun.termination == .signaled(SIGKILL))

        let database = try #require(try Self.database(folder))
        let runs = try database.runs()
        #expect(runs.first?.totals.tests == 200)
        #expect(try database.testResults(testID: "HistoryTests/test0").first?.message?.contains("2026-11-20") == true)
        let results = Int(try database.connection.integer("SELECT count(*) FROM results") ?? 0)
        // All or nothing: the killed run is there with every test, or not at all.
        #expect((runs.count == 1 && results == 200) || (runs.count == 2 && results == 200 + big), "\(runs.count) runs")

        // The database takes the next run as if nothing happened, and the killed run — its reports were written
        // before the append — is listed by it, once: no run folder is kept and invisible.
        try Self.log(tests: 10, date: "2026-11-22").write(to: folder.appendingPathComponent("next.log"))
        let next = try await BlockingWork.run {
            Result { try Self.smokerun(["parse", "next.log"] + arguments, in: folder) }
        }.get()
        #expect(next.termination == .exited(1), "\(next.output)")
        let after = try #require(try Self.database(folder)).runs()
        #expect(after.count == 3, "\(after.map(\.runID)) \(next.output)")
        #expect(Set(after.map(\.runID)).count == after.count)
        let runsFolder = folder.appendingPathComponent("out/runs").path
        let folders = try FileManager.default.contentsOfDirectory(atPath: runsFolder)
        #expect(Set(folders) == Set(after.map(\.runID)))
    }

    @Test func withoutSQLiteAParseFinishesIntoHistoryJSONLWithOneNote() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.log(tests: 20, date: "2026-11-20").write(to: folder.appendingPathComponent("a.log"))
        let finished = try await BlockingWork.run {
            Result {
                try Self.smokerun(
                    ["parse", "a.log", "--output", "out"], in: folder,
                    environment: ["SMOKERUN_SQLITE_LIBRARY": "/nonexistent/libsqlite3.so.0"])
            }
        }.get()
        #expect(finished.termination == .exited(1), "\(finished.output)")
        let notes = finished.output.split(separator: "\n").filter { $0.contains("history.jsonl") }
        #expect(notes.count == 1 && notes[0].contains("/nonexistent/libsqlite3.so.0"), "\(finished.output)")
        #expect(notes.first?.contains("install") == true || notes.first?.contains("Install") == true)
        let out = folder.appendingPathComponent("out")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("history.sqlite").path))
        #expect(try JSONLinesHistory(outputFolder: out).allContents().entries.count == 1)
        let report = try RunReportFile.load(at: out.appendingPathComponent("latest"))
        #expect(report.errors.contains { $0.isNote && $0.message.contains("history.jsonl") })
    }
}
