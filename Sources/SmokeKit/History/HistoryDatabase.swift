import Foundation
import SmokeCore

/// `<output>/history.sqlite` (`HistorySchema`): every finished run and its tests' results, kept after retention
/// removes the folder. One transaction per run in WAL mode with a busy timeout, so two smokeruns finishing into
/// one folder both land and a killed one leaves its run whole or absent. Made by smokerun (0644, never through a
/// link) and opened only as a regular file; the first writing open imports an older `history.jsonl`.
package final class HistoryDatabase {
    let connection: SQLiteConnection
    let outputDirectory: URL

    static let busyTimeoutMilliseconds = 30_000

    /// Opens the output folder's database to write, creating it (and importing `history.jsonl`) when missing.
    init(writingIn outputDirectory: URL, library: SQLiteLibrary) throws {
        let file = OutputLayout(root: outputDirectory).historyDatabase
        try Self.createIfMissing(file)
        connection = try Self.connect(file, readOnly: false, library: library)
        self.outputDirectory = outputDirectory
        try Self.checkIdentity(of: connection, file: file)
        try connection.execute("PRAGMA journal_mode = WAL")
        // NORMAL in WAL syncs at checkpoints, not every commit: a kill still leaves runs whole or absent; only a power
        // cut may lose the last runs (never corrupting the file).
        try connection.execute("PRAGMA synchronous = NORMAL")
        try prepareSchema()
        try importJSONLines()
    }

    /// Opens an existing database read-only; nil when there is none. In a folder this user may not write in it is
    /// opened immutable, making no `-shm`/`-wal` there; a database that is not smokerun's is refused.
    init?(readingIn outputDirectory: URL, library: SQLiteLibrary) throws {
        let file = OutputLayout(root: outputDirectory).historyDatabase
        guard try Self.isRegularFile(file) else { return nil }
        self.outputDirectory = outputDirectory
        connection = try Self.connectToRead(
            file, ownFolder: Self.isOwnWritableFolder(outputDirectory), library: library)
        let version = try connection.integer("PRAGMA user_version") ?? 0
        try Self.check(version: version, file: file)
    }

    /// Appends one finished run and its tests in one transaction. A run id already there is left as it is.
    func append(_ report: RunReport, path: String, pipelinePath: String?) throws {
        try connection.transaction {
            var writer = try HistoryRowWriter(connection: connection)
            guard try writer.insertRun(HistoryRun(report: report, path: path, pipelinePath: pipelinePath)) else {
                return
            }
            try Self.insertTests(of: report, with: &writer)
        }
    }

    /// Marks runs whose folders retention removed: their rows stay, `folderRemoved` says the folder is gone.
    func markFolderRemoved(_ runIDs: [String]) throws {
        guard !runIDs.isEmpty else { return }
        try connection.transaction {
            let update = try connection.prepare("UPDATE runs SET folder_removed = 1 WHERE run_id = ?")
            for runID in runIDs { try update.run([.text(runID)]) }
        }
    }

    /// Deletes one pipeline file's runs that started before `date`, with results; returns how many. Runs without a
    /// pipeline file (`parse`) are never deleted, as retention never removes their folders.
    @discardableResult
    func deleteRuns(pipelinePath: String, startedBefore date: Date) throws -> Int {
        try connection.transaction {
            let select = try connection.prepare("SELECT id FROM runs WHERE pipeline_path = ? AND started_at < ?")
            try select.bind([.text(pipelinePath), .real(date.timeIntervalSince1970)])
            var doomed: [Int64] = []
            while try select.step() { doomed.append(select.int64(0)) }
            let results = try connection.prepare("DELETE FROM results WHERE run = ?")
            let run = try connection.prepare("DELETE FROM runs WHERE id = ?")
            for id in doomed {
                try results.run([.integer(id)])
                try run.run([.integer(id)])
            }
            return doomed.count
        }
    }

    /// Creates the schema on a new file, in a transaction (two first writers: the second finds it made).
    private func prepareSchema() throws {
        let file = OutputLayout(root: outputDirectory).historyDatabase
        try connection.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
        let version = try connection.integer("PRAGMA user_version") ?? 0
        try Self.check(version: version, file: file)
        if version < HistorySchema.version {
            try connection.transaction {
                guard (try connection.integer("PRAGMA user_version") ?? 0) < HistorySchema.version else { return }
                try connection.executeScript(HistorySchema.create)
                let status = try connection.prepare("INSERT OR IGNORE INTO statuses (code, name) VALUES (?, ?)")
                for one in TestStatus.allCases {
                    try status.run([.integer(HistorySchema.code(one)), .text(one.rawValue)])
                }
                try connection.execute("PRAGMA user_version = \(HistorySchema.version)")
            }
        }
        // A file made before smokerun set its id (its tables were checked) gets it now.
        if try connection.integer("PRAGMA application_id") != HistorySchema.applicationID {
            try connection.execute("PRAGMA application_id = \(HistorySchema.applicationID)")
        }
        // Every writing open, so an older file gets the index (or its present condition); without it reads are only
        // slower, so failing to make it is not the run's failure.
        try? refreshKeptIndex()
        if try !Self.hasDisplayNames(connection) {
            do {
                try connection.execute(HistorySchema.addDisplayNameColumn)
            } catch {
                // Another writer may have added it first.
                guard try Self.hasDisplayNames(connection) else { throw error }
            }
        }
    }

    /// Makes `results_kept` when missing or outdated, in one transaction: another writer sees one index or the other.
    private func refreshKeptIndex() throws {
        let current: String? = try {
            let sql = try connection.prepare(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'results_kept'")
            return try sql.step() ? sql.text(0) : nil
        }()
        if let current, HistorySchema.keptIndexIsCurrent(sql: current) { return }
        try connection.transaction {
            try connection.execute("DROP INDEX IF EXISTS results_kept")
            try connection.execute(HistorySchema.keptIndex)
        }
    }

    /// Whether `tests` has the display-name column (an older file gets it at its next writing open).
    static func hasDisplayNames(_ connection: SQLiteConnection) throws -> Bool {
        let columns = try connection.prepare("PRAGMA table_info(tests)")
        while try columns.step() {
            if columns.text(1) == HistorySchema.displayNameColumn { return true }
        }
        return false
    }

    /// A file of a newer layout is refused: this smokerun would misread it.
    private static func check(version: Int64, file: URL) throws {
        guard version <= HistorySchema.version else {
            throw StoreError.readFailed(
                path: file.path,
                reason:
                    "it was written by a newer smokerun (history schema \(version), this one reads \(HistorySchema.version)); use that smokerun or move the file away"
            )
        }
    }

    static func connect(_ file: URL, readOnly: Bool, library: SQLiteLibrary) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: file.path, readOnly: readOnly, library: library)
        try connection.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
        return connection
    }

    /// True for a regular file, false when nothing is there; a link or anything else is an error naming the fix.
    static func isRegularFile(_ file: URL) throws -> Bool {
        var info = stat()
        guard lstat(file.path, &info) == 0 else {
            if errno == ENOENT { return false }
            throw StoreError.readFailed(path: file.path, reason: POSIXFile.lastError())
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.writeFailed(
                path: file.path,
                reason:
                    "it is \(POSIXFile.kindName(info.st_mode)), not a file smokerun made; smokerun keeps its history only in a file of its own, so remove it"
            )
        }
        return true
    }

    /// Makes an empty file, mode 0644, refusing a link planted where it goes; an existing file is kept.
    private static func createIfMissing(_ file: URL) throws {
        guard try !isRegularFile(file) else { return }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor < 0 else {
            close(descriptor)
            return
        }
        let reason = POSIXFile.lastError()
        // Another smokerun made it in the meantime: use that one.
        guard errno == EEXIST, try isRegularFile(file) else {
            throw StoreError.writeFailed(path: file.path, reason: reason)
        }
    }
}
