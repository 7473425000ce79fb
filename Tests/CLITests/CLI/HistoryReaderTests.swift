import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The readers of a history (`history`, `--flaky`, `--test`, `dashboard --from`) read and never write: a
/// read-only folder or a teammate's is read as it is; a database smokerun did not make is refused; and what they
/// print from it goes through `TerminalText.escaped`.
@Suite struct HistoryReaderTests {
    /// An OSC window title and an OSC 52 clipboard write, as a test's message or a crafted name could hold them.
    static let title = "\u{1B}]0;pwned\u{07}"
    static let clipboard = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"

    private func report(_ hour: Int, pipeline: String = "smoke", message: String = "boom") -> RunReport {
        var report = ReportFixture.minimalReport
        report.pipeline = pipeline
        report.runID = String(format: "20261122T%02d0000Z-cccc", hour)
        report.startedAt = Date(timeIntervalSince1970: 1_795_305_600 + Double(hour) * 3_600)
        report.finishedAt = report.startedAt.addingTimeInterval(10)
        report.origin = RunOrigin(commit: "1111111aaaa", dirty: false, commitSource: "git")
        var failing = TestResult(
            id: "T.A/test", name: "test", suite: "T.A", framework: .xctest, status: .failed, durationSeconds: 1)
        failing.failures = [TestFailure(message: message, file: "T.swift", line: 3)]
        report.tests = [failing]
        report.status = .failed
        return report
    }

    private func run(_ arguments: [String], in folder: URL) async -> (ExitCode, String, String) {
        let out = BufferOutput()
        let err = BufferOutput()
        let status = await CommandLineTool.run(
            arguments: arguments,
            context: HostContext(standardOutput: out, standardError: err, environment: [:], currentDirectory: folder))
        return (status, out.text, err.text)
    }

    /// Every file's name, size and modification time under `folder`.
    private func snapshot(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(name) \(attributes[.size] ?? 0) \(modified)"
        }
    }

    @Test func aReadOnlyHistoryOfAnotherUserIsReadByEveryReaderAndNothingIsWritten() async throws {
        guard case .success = SQLiteLibrary.load() else { return } // history.jsonl alone: nothing to open
        let folder = try TemporaryDirectory()
        defer {
            chmod(folder.url.appendingPathComponent("out").path, 0o755)
            folder.remove()
        }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let store = RunStore(outputDirectory: out)
        try store.appendHistory(report(0))
        try store.appendHistory(report(1))
        let database = out.appendingPathComponent("history.sqlite")
        // Read-only for its owner; as root (where modes stop nothing) the folder and file are also another
        // user's, which is what makes a reader keep out of it.
        #expect(chmod(database.path, 0o444) == 0)
        #expect(chmod(out.path, 0o555) == 0)
        if geteuid() == 0 {
            #expect(chown(out.path, 65_534, 65_534) == 0)
            #expect(chown(database.path, 65_534, 65_534) == 0)
        }
        let before = try snapshot(out)
        let bytes = try Data(contentsOf: database)

        let (listed, listText, listErr) = await run(["history", "--output", "out"], in: folder.url)
        #expect(listed == .passed, "\(listErr)")
        #expect(listText.contains("20261122T010000Z-cccc") && listText.contains("20261122T000000Z-cccc"), "\(listText)")
        let (flaky, _, flakyErr) = await run(["history", "--flaky", "--output", "out"], in: folder.url)
        #expect(flaky == .passed, "\(flakyErr)")
        let (test, testText, testErr) = await run(["history", "--test", "T.A/test", "--output", "out"], in: folder.url)
        #expect(test == .passed, "\(testErr)")
        #expect(testText.split(separator: "\n").count == 3, "\(testText)")
        let (dashboard, _, dashboardErr) = await run(
            ["dashboard", "--from", "out", "--output", "site"], in: folder.url)
        #expect(dashboard == .passed, "\(dashboardErr)")

        // The readers' one door opens it read-only: a write through it fails.
        let reader = try #require(try HistoryOpening.database(outputFolder: out))
        #expect(throws: StoreError.self) { try reader.markFolderRemoved(["20261122T000000Z-cccc"]) }

        #expect(try snapshot(out) == before)
        #expect(try Data(contentsOf: database) == bytes)
    }

    @Test func aReaderInItsOwnFolderCannotWriteAndLeavesNoFileBehind() async throws {
        guard case .success = SQLiteLibrary.load() else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try RunStore(outputDirectory: out).appendHistory(report(0))
        let before = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let (status, _, err) = await run(["history", "--test", "T.A/test", "--output", "out"], in: folder.url)
        #expect(status == .passed, "\(err)")
        do {
            let reader = try #require(try HistoryOpening.database(outputFolder: out))
            #expect(throws: StoreError.self) { try reader.markFolderRemoved(["20261122T000000Z-cccc"]) }
        }
        // Closed, it leaves no -wal or -shm file beside the database.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == before)
    }

    /// A database of another application in the output folder, with its id and tables.
    private func foreignDatabase(in out: URL, applicationID: Int64) throws -> URL {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let file = out.appendingPathComponent("history.sqlite")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let connection = try SQLiteConnection(path: file.path, readOnly: false, library: SQLiteLibrary.load().get())
        try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        try connection.execute("PRAGMA application_id = \(applicationID)")
        return file
    }

    @Test(arguments: [0x4D2 as Int64, 0])
    func anotherApplicationsDatabaseIsRefusedAndLeftAsItIs(applicationID: Int64) async throws {
        guard case .success = SQLiteLibrary.load() else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        let file = try foreignDatabase(in: out, applicationID: applicationID)
        let bytes = try Data(contentsOf: file)

        let (status, _, err) = await run(["history", "--output", "out"], in: folder.url)
        #expect(status == .invalidInput)
        #expect(err.contains("\(file.path) is not smokerun's history: "), "\(err)")
        #expect(err.contains(applicationID == 0 ? "another application's tables (notes)" : "0x4D2"), "\(err)")
        // A run's append is refused too: the file never gets smokerun's tables.
        #expect(throws: StoreError.self) { try RunStore(outputDirectory: out).appendHistory(report(0)) }
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func anOlderSmokerunDatabaseWithoutAnIDIsReadAndGetsOneWhenWritten() async throws {
        guard case .success(let sqlite) = SQLiteLibrary.load() else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try RunStore(outputDirectory: out).appendHistory(report(0))
        let file = out.appendingPathComponent("history.sqlite")
        try SQLiteConnection(path: file.path, readOnly: false, library: sqlite).execute("PRAGMA application_id = 0")
        let (status, text, err) = await run(["history", "--output", "out"], in: folder.url)
        #expect(status == .passed, "\(err)")
        #expect(text.contains("20261122T000000Z-cccc"))
        try RunStore(outputDirectory: out).appendHistory(report(1))
        let id = try SQLiteConnection(path: file.path, readOnly: true, library: sqlite).integer(
            "PRAGMA application_id")
        #expect(id == HistorySchema.applicationID)
    }

    @Test func aTestsEscapeSequencesAndACraftedPipelineNameReachNoTerminalRaw() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let store = RunStore(outputDirectory: out)
        try store.appendHistory(report(0, pipeline: "smoke\(Self.title)", message: "expected\(Self.clipboard) 1"))
        try store.appendHistory(report(1, pipeline: "smoke\(Self.title)", message: "expected\(Self.clipboard) 1"))
        var printed: [String] = []
        for arguments in [
            ["history", "--output", "out"], ["history", "--flaky", "--output", "out"],
            ["history", "--test", "T.A/test", "--output", "out"],
            ["history", "--test", "T.A/none\(Self.title)", "--output", "out"],
            ["dashboard", "--from", "out", "--output", "site"],
        ] {
            let (status, text, err) = await run(arguments, in: folder.url)
            #expect(status == .passed, "\(arguments): \(err)")
            printed.append(text + err)
        }
        for text in printed {
            #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), "\(text.debugDescription)")
        }
        #expect(printed[0].contains(#"smoke\u{1B}]0;pwned\u{7}"#), "\(printed[0])")
        if case .success = SQLiteLibrary.load() {
            #expect(printed[2].contains(#"expected\u{1B}]52;c;cm0gLXJmIH4=\u{7} 1"#), "\(printed[2])")
        }
        #expect(printed[4].contains(#"for smoke\u{1B}]0;pwned\u{7} in"#), "\(printed[4])")
    }
}
