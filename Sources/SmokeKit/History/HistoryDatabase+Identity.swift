import Foundation
import SmokeCore

/// Whose database a `history.sqlite` is, and how a reader opens it without writing anything.
extension HistoryDatabase {
    /// Refuses a database smokerun did not make: a foreign application id, or (no id, older files) foreign tables.
    static func checkIdentity(of connection: SQLiteConnection, file: URL) throws {
        let id = try connection.integer("PRAGMA application_id") ?? 0
        var tables: Set<String> = []
        let statement = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        while try statement.step() { tables.insert(statement.text(0) ?? "") }
        if let reason = HistorySchema.foreignReason(applicationID: id, tables: tables) {
            throw StoreError.foreignDatabase(path: file.path, reason: reason)
        }
    }

    /// A read-only connection, its identity checked. In the user's own writable folder it is opened as a writer's is
    /// with `PRAGMA query_only`: it takes read locks (a writer may be busy) and, closing last, removes `-wal`/`-shm`.
    /// Elsewhere, or when that fails, it is immutable: no lock, no file made.
    static func connectToRead(_ file: URL, ownFolder: Bool, library: SQLiteLibrary) throws -> SQLiteConnection {
        if ownFolder, let connection = try? connect(file, readOnly: false, library: library),
            (try? connection.execute("PRAGMA query_only = 1")) != nil
        {
            do {
                try checkIdentity(of: connection, file: file)
                return connection
            } catch let error as StoreError {
                if case .foreignDatabase = error { throw error }
            }
        }
        let connection = try SQLiteConnection(path: file.path, readOnly: true, immutable: true, library: library)
        try checkIdentity(of: connection, file: file)
        return connection
    }

    /// Whether `folder` is the user's and writable: root may write anywhere, so the owner decides.
    static func isOwnWritableFolder(_ folder: URL) -> Bool {
        var info = stat()
        guard stat(folder.path, &info) == 0 else { return false }
        return info.st_uid == geteuid() && access(folder.path, W_OK) == 0
    }
}
