import Foundation
import SmokeCore

/// The one reader of the history (every command and the scheduler read it here), and the finder of run
/// directories by recency. The history is `<output>/history.sqlite` (`HistoryDatabase`) when the folder has one and
/// SQLite loads; else `<output>/history.jsonl`, the history before it (read as it always was).
package enum HistoryStore {
    /// What the history held: the entries, oldest first, and how many lines could not be read
    /// (a line torn by a crash mid-append, or garbage) and were skipped.
    package struct Contents: Sendable, Equatable {
        package var entries: [HistoryEntry]
        package var unreadableLines: Int
        /// The 1-based line number of the first unreadable line, so a person can go and look.
        var firstUnreadableLine: Int?
        /// How many runs were read, before a reader's window kept only some of them in `entries`.
        package var readableRuns: Int

        init(entries: [HistoryEntry], unreadableLines: Int, firstUnreadableLine: Int? = nil) {
            self.entries = entries
            readableRuns = entries.count
            self.unreadableLines = unreadableLines
            self.firstUnreadableLine = firstUnreadableLine
        }

        /// One line for standard error when lines were skipped, naming the file, the count and the
        /// first line; nil when every line was read.
        package func warning(file: URL) -> String? {
            guard unreadableLines > 0 else { return nil }
            let first = firstUnreadableLine.map { ", first at line \($0)" } ?? ""
            let lines = ReportText.count(unreadableLines, "corrupt line")
            return
                """
                smokerun: warning: skipped \(lines) in \(file.path)\(first) (not a run summary; a crash mid-write or \
                an edit)
                """
        }
    }

    /// `<output>/history.jsonl`.
    package static func fileURL(outputDirectory: URL) -> URL {
        OutputLayout(root: outputDirectory).history
    }

    /// The entries of one pipeline (all when nil), oldest first; a missing file is an empty history.
    static func read(outputDirectory: URL, pipeline: String?) throws -> [HistoryEntry] {
        try contents(outputDirectory: outputDirectory, pipeline: pipeline).entries
    }

    /// `perTest: false` reads history.sqlite's runs without their tests (empty `outcomes`, `flaky`, `durations`):
    /// what a reader of run totals, times or coverage needs, without building 2,000 tests' maps for every run.
    package static func contents(outputDirectory: URL, pipeline: String?, perTest: Bool = true) throws -> Contents {
        if let database = try database(outputDirectory: outputDirectory) {
            let entries =
                perTest
                ? try database.entries(pipeline: pipeline)
                : try database.runs(pipeline: pipeline).map {
                    HistoryEntry(run: $0, outcomes: [:], flaky: [], durations: [:])
                }
            return Contents(entries: entries, unreadableLines: 0)
        }
        return try contents(of: fileURL(outputDirectory: outputDirectory), pipeline: pipeline)
    }

    /// The runs of one pipeline (all when nil), oldest first, without their tests: what retention and the
    /// scheduler need, read without building every run's per-test maps.
    package static func runs(outputDirectory: URL, pipeline: String?) throws -> [HistoryRun] {
        if let database = try database(outputDirectory: outputDirectory) {
            return try database.runs(pipeline: pipeline)
        }
        return try contents(of: fileURL(outputDirectory: outputDirectory), pipeline: pipeline).entries.map(
            HistoryRun.init(entry:))
    }

    /// The output folder's `history.sqlite` to read (the dashboard's and `history --test`'s source); nil when the
    /// folder has none or SQLite cannot be loaded (then `history.jsonl` is the history).
    package static func database(outputDirectory: URL) throws -> HistoryDatabase? {
        try database(outputDirectory: outputDirectory, library: SQLiteLibrary.shared)
    }

    static func database(
        outputDirectory: URL, library: Result<SQLiteLibrary, SQLiteLibraryError>
    ) throws -> HistoryDatabase? {
        guard case .success(let sqlite) = library else { return nil }
        return try HistoryDatabase(readingIn: outputDirectory, library: sqlite)
    }

    /// The history file at `url`; a missing file is an empty history, an unreadable one an error.
    static func contents(of url: URL, pipeline: String?) throws -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents(entries: [], unreadableLines: 0) }
        do {
            // Never through a link: a planted `history.jsonl -> /etc/shadow` is refused, not read (or quoted) as history.
            return parse(try POSIXFile.readPrefix(url, limit: Int.max / 2, followLinks: false).data, pipeline: pipeline)
        } catch {
            throw StoreError.readFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// For readers that must never fail because of history (notification policy, the dashboard's
    /// trend): a file that cannot be read at all is an empty history.
    package static func contentsOrEmpty(outputDirectory: URL, pipeline: String? = nil, perTest: Bool = true) -> Contents
    {
        (try? contents(outputDirectory: outputDirectory, pipeline: pipeline, perTest: perTest))
            ?? Contents(entries: [], unreadableLines: 0)
    }

    /// Decodes one entry per line; undecodable lines are counted, never fatal.
    static func parse(_ data: Data, pipeline: String?) -> Contents {
        let decoder = JSONCoding.decoder()
        var entries: [HistoryEntry] = []
        var unreadable = 0
        var firstUnreadable: Int?
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            guard let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)) else {
                unreadable += 1
                if firstUnreadable == nil { firstUnreadable = index + 1 }
                continue
            }
            if pipeline == nil || entry.pipeline == pipeline { entries.append(entry) }
        }
        // Stable: runs that started at the same second keep file order.
        let sorted = entries.enumerated()
            .sorted { ($0.element.startedAt, $0.offset) < ($1.element.startedAt, $1.offset) }
            .map(\.element)
        return Contents(entries: sorted, unreadableLines: unreadable, firstUnreadableLine: firstUnreadable)
    }

    /// The newest run: where `latest` points, else the last run folder by name (names sort by
    /// time); nil when there is no run yet.
    static func latestRunDirectory(outputDirectory: URL) -> URL? {
        let layout = OutputLayout(root: outputDirectory)
        if POSIXFile.isSymlink(layout.latest) {
            let resolved = layout.latest.resolvingSymlinksInPath()
            if PathKind.of(resolved) == .folder { return resolved }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.runs.path)) ?? []
        return names.filter(RunID.isMade).sorted().last.map(layout.run)
    }

    /// `<output>/runs/<runID>`, which must exist; the id comes from a user and must be one path component.
    static func runDirectory(for runID: String, outputDirectory: URL) throws -> URL {
        guard RunID.isValid(runID) else { throw StoreError.invalidRunID(runID) }
        let layout = OutputLayout(root: outputDirectory)
        let directory = layout.run(runID)
        guard PathKind.of(directory) == .folder else {
            throw StoreError.runNotFound(runID: runID, runsDirectory: layout.runs.path)
        }
        return directory
    }
}
