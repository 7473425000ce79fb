import Foundation
import SmokeCore

/// One SQLite connection: open, run a statement, read rows by column name. Bundles are opened read-only and
/// immutable: one on a read-only disk or in a CI artifact must never be written, locked or given a journal.
final class XCResultDatabaseConnection {
    private let sqlite: SQLiteLibrary
    private let handle: OpaquePointer
    let path: String

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
        self.sqlite = sqlite
        self.path = path
        switch sqlite.openHandle(name, flags: flags) {
        case .success(let opened): handle = opened
        case .failure(let failure): throw .unreadable(path: path, reason: failure.reason)
        }
    }

    deinit {
        _ = sqlite.close(handle)
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
        var statement: OpaquePointer?
        guard sqlite.prepare(handle, sql, -1, &statement, nil) == SQLiteLibrary.ok, let statement else {
            throw failure(table: table)
        }
        defer { _ = sqlite.finalize(statement) }
        for (offset, value) in bindings.enumerated() {
            guard bind(value, at: Int32(offset + 1), in: statement) == SQLiteLibrary.ok else {
                throw failure(table: table)
            }
        }
        let count = sqlite.columnCount(statement)
        let names = (0..<count).map { Self.text(sqlite.columnName(statement, $0)) }
        var rows: [XCResultDatabaseRow] = []
        while true {
            let status = sqlite.step(statement)
            if status == SQLiteLibrary.done { break }
            guard status == SQLiteLibrary.row else { throw failure(table: table) }
            var row = XCResultDatabaseRow()
            for index in 0..<count { row.values[names[Int(index)]] = column(index, of: statement) }
            rows.append(row)
        }
        return rows
    }

    func execute(_ sql: String, bindings: [XCResultDatabaseValue] = []) throws(XCResultDatabaseError) {
        _ = try query(sql, bindings: bindings, table: "(statement)")
    }

    var lastInsertedRowID: Int64 { sqlite.lastInsertRowID(handle) }

    /// `"name"` with embedded quotes doubled: identifiers from the database itself are not trusted.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func failure(table: String) -> XCResultDatabaseError {
        let reason = Self.text(sqlite.errmsg(handle))
        let code = sqlite.errcode(handle)
        if code == SQLiteLibrary.notADatabase || code == SQLiteLibrary.corrupt || code == SQLiteLibrary.cantOpen {
            return .unreadable(path: path, reason: reason)
        }
        return .queryFailed(path: path, table: table, reason: reason)
    }

    private func column(_ index: Int32, of statement: OpaquePointer) -> XCResultDatabaseValue {
        switch sqlite.columnType(statement, index) {
        case SQLiteLibrary.integer:
            return .integer(sqlite.columnInt64(statement, index))
        case SQLiteLibrary.float:
            return .real(sqlite.columnDouble(statement, index))
        case SQLiteLibrary.text:
            guard let text = sqlite.columnText(statement, index) else { return .null }
            let length = Int(sqlite.columnBytes(statement, index))
            // Decoding repairs invalid UTF-8 instead of failing; NUL bytes are kept (names are sanitized when stored).
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLiteLibrary.blob:
            let length = Int(sqlite.columnBytes(statement, index))
            guard length > 0, let bytes = sqlite.columnBlob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    private func bind(_ value: XCResultDatabaseValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the Swift buffer goes away.
        let transient = SQLiteLibrary.transient
        switch value {
        case .null:
            return sqlite.bindNull(statement, index)
        case .integer(let number):
            return sqlite.bindInt64(statement, index, number)
        case .real(let number):
            return sqlite.bindDouble(statement, index, number)
        case .text(let text):
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                    sqlite.bindText(statement, index, $0, Int32(buffer.count), transient)
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { buffer in
                sqlite.bindBlob(statement, index, buffer.baseAddress, Int32(buffer.count), transient)
            }
        }
    }

    /// A C string from SQLite; nil (out of memory) reads as empty.
    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
