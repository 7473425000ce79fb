import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A thin wrapper over one SQLite connection: open, run a statement, read rows by column name.
/// Readers open bundles read-only and immutable (a bundle on a read-only disk or in a CI artifact
/// must never be written, locked or given a journal); the fixture builder opens a new file to write.
package final class XCResultDatabaseConnection {
    private let handle: OpaquePointer
    /// The file, for messages.
    package let path: String

    /// Opens an existing database read-only; a file that is not a database fails here, not later.
    package convenience init(readingAt url: URL) throws(XCResultDatabaseError) {
        let uri = "file:" + Self.percentEncodedPath(url.path) + "?immutable=1"
        try self.init(path: url.path, name: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        // SQLite opens lazily: touch the schema so a truncated or non-database file is reported now.
        _ = try query("SELECT count(*) AS n FROM sqlite_master", table: "sqlite_master")
    }

    /// Creates (or opens) a database to write; for fixtures and tools, never for reading bundles.
    package convenience init(creatingAt url: URL) throws(XCResultDatabaseError) {
        try self.init(path: url.path, name: url.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    }

    private init(path: String, name: String, flags: Int32) throws(XCResultDatabaseError) {
        self.path = path
        var pointer: OpaquePointer?
        let status = sqlite3_open_v2(name, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let reason = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let pointer { sqlite3_close(pointer) }
            throw .unreadable(path: path, reason: reason)
        }
        handle = pointer
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Table name → its column names (`PRAGMA table_info`), for every table in the database.
    package func schema() throws(XCResultDatabaseError) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let tables = try query("SELECT name FROM sqlite_master WHERE type = 'table'", table: "sqlite_master")
        for row in tables {
            guard let name = row.text("name") else { continue }
            let columns = try query("PRAGMA table_info(\(Self.quoted(name)))", table: name)
            result[name] = Set(columns.compactMap { $0.text("name") })
        }
        return result
    }

    /// Runs one statement and returns every row. `table` names what is read, for the error message.
    package func query(
        _ sql: String, bindings: [XCResultDatabaseValue] = [], table: String
    ) throws(XCResultDatabaseError) -> [XCResultDatabaseRow] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(table: table)
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in bindings.enumerated() {
            guard bind(value, at: Int32(offset + 1), in: statement) == SQLITE_OK else { throw failure(table: table) }
        }
        let count = sqlite3_column_count(statement)
        let names = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        var rows: [XCResultDatabaseRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure(table: table) }
            var row = XCResultDatabaseRow()
            for index in 0..<count { row.values[names[Int(index)]] = column(index, of: statement) }
            rows.append(row)
        }
        return rows
    }

    /// Runs statements that return nothing (fixtures: CREATE TABLE, INSERT).
    package func execute(_ sql: String, bindings: [XCResultDatabaseValue] = []) throws(XCResultDatabaseError) {
        _ = try query(sql, bindings: bindings, table: "(statement)")
    }

    /// The last inserted row's id (fixtures link rows by it).
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// `"name"` with embedded quotes doubled: identifiers from the database itself are not trusted.
    package static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private func failure(table: String) -> XCResultDatabaseError {
        let reason = String(cString: sqlite3_errmsg(handle))
        let code = sqlite3_errcode(handle)
        if code == SQLITE_NOTADB || code == SQLITE_CORRUPT || code == SQLITE_CANTOPEN {
            return .unreadable(path: path, reason: reason)
        }
        return .queryFailed(path: path, table: table, reason: reason)
    }

    private func column(_ index: Int32, of statement: OpaquePointer) -> XCResultDatabaseValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .null }
            let length = Int(sqlite3_column_bytes(statement, index))
            // Decoding repairs invalid UTF-8 instead of failing; NUL bytes are kept (names are sanitized when stored).
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(statement, index))
            guard length > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    private func bind(_ value: XCResultDatabaseValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the Swift buffer goes away.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let number):
            return sqlite3_bind_int64(statement, index, number)
        case .real(let number):
            return sqlite3_bind_double(statement, index, number)
        case .text(let text):
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                    sqlite3_bind_text(statement, index, $0, Int32(buffer.count), transient)
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { buffer in
                sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), transient)
            }
        }
    }

    /// A path inside a `file:` URI: `%`, `?` and `#` would end or change it.
    static func percentEncodedPath(_ path: String) -> String {
        var encoded = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": encoded += "%25"
            case "?": encoded += "%3F"
            case "#": encoded += "%23"
            default: encoded.unicodeScalars.append(scalar)
            }
        }
        return encoded
    }
}
