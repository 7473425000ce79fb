import Foundation
import SmokeCore

/// A result bundle's database over `SQLiteConnection`: run a statement, read rows by column name. Bundles are opened
/// read-only and immutable: one on a read-only disk or in a CI artifact must never be written, locked or given a
/// journal.
final class XCResultDatabaseConnection {
    private let connection: SQLiteConnection
    var path: String { connection.path }

    /// Opens an existing database read-only; a file that is not a database fails here, not later.
    convenience init(readingAt url: URL, library: LoadedSQLite) throws(XCResultDatabaseError) {
        let uri = SQLiteLibrary.immutableURI(url.path)
        try self.init(
            path: url.path, name: uri, flags: SQLiteLibrary.openReadOnly | SQLiteLibrary.openURI, library: library)
        // SQLite opens lazily: touch the schema so a truncated or non-database file is reported now.
        _ = try query("SELECT count(*) AS n FROM sqlite_master", table: "sqlite_master")
    }

    /// Creates (or opens) a database to write; for fixtures and tools, never for reading bundles.
    convenience init(creatingAt url: URL, library: LoadedSQLite = SQLiteLibrary.load()) throws(XCResultDatabaseError) {
        try self.init(
            path: url.path, name: url.path, flags: SQLiteLibrary.openReadWrite | SQLiteLibrary.openCreate,
            library: library)
    }

    private init(
        path: String, name: String, flags: Int32, library: LoadedSQLite
    ) throws(XCResultDatabaseError) {
        let sqlite: SQLiteLibrary
        switch library {
        case .success(let loaded): sqlite = loaded
        case .failure(let error): throw .sqliteUnavailable(error)
        }
        do {
            connection = try SQLiteConnection(path: path, name: name, flags: flags, library: sqlite)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// Table name → its column names, for every table.
    func schema() throws(XCResultDatabaseError) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let tables = try query("SELECT name FROM sqlite_master WHERE type = 'table'", table: "sqlite_master")
        for row in tables {
            guard let name = row.text("name") else { continue }
            let columns = try query("PRAGMA table_info(\(Self.quoted(name)))", table: name)
            result[name] = Set(columns.compactMap { $0.text("name") })
        }
        return result
    }

    /// Runs one statement and returns every row; `table` is for the error message.
    func query(
        _ sql: String, bindings: [XCResultDatabaseValue] = [], table: String
    ) throws(XCResultDatabaseError) -> [XCResultDatabaseRow] {
        do {
            let statement = try connection.prepare(sql)
            try statement.bind(bindings)
            let names = statement.columnNames
            var rows: [XCResultDatabaseRow] = []
            while try statement.step() {
                var row = XCResultDatabaseRow()
                for (index, name) in names.enumerated() { row.values[name] = statement.value(Int32(index)) }
                rows.append(row)
            }
            return rows
        } catch {
            throw failure(table: table)
        }
    }

    func execute(_ sql: String, bindings: [XCResultDatabaseValue] = []) throws(XCResultDatabaseError) {
        _ = try query(sql, bindings: bindings, table: "(statement)")
    }

    var lastInsertedRowID: Int64 { connection.lastInsertedRowID }

    /// `"name"` with embedded quotes doubled: identifiers from the database itself are not trusted.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The failure `connection` last reported, as this reader's error.
    private func failure(table: String) -> XCResultDatabaseError {
        let (code, reason) = connection.lastFailure
        if code == SQLiteLibrary.notADatabase || code == SQLiteLibrary.corrupt || code == SQLiteLibrary.cantOpen {
            return .unreadable(path: path, reason: reason)
        }
        return .queryFailed(path: path, table: table, reason: reason)
    }
}
