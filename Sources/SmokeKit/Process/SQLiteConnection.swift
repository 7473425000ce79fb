import Foundation
import SmokeCore

/// A read-write connection to a database smokerun owns (`history.sqlite`); failures name the file. Not
/// `Sendable`: one thread at a time, so opened without SQLite's per-call lock.
final class SQLiteConnection {
    let sqlite: SQLiteLibrary
    private let handle: OpaquePointer
    let path: String

    /// The code and message of the last failure `failure()` reported.
    private(set) var lastFailure: (code: Int32, message: String) = (SQLiteLibrary.ok, "")

    /// Opens `name` (a path or a `file:` URI) with SQLite's `flags`; errors name `path`.
    init(path: String, name: String, flags: Int32, library: SQLiteLibrary) throws(SQLiteLibrary.OpenFailure) {
        sqlite = library
        self.path = path
        handle = try library.openHandle(name, flags: flags).get()
    }

    /// Opens `path` (which must exist: the caller creates it and decides its mode), never through a link.
    /// `immutable`: no locks and no `-shm`/`-wal` beside it, for a folder smokerun may not write in.
    convenience init(path: String, readOnly: Bool, immutable: Bool = false, library: SQLiteLibrary) throws(StoreError) {
        var flags =
            (readOnly || immutable ? SQLiteLibrary.openReadOnly : SQLiteLibrary.openReadWrite)
            | SQLiteLibrary.openNoFollow | SQLiteLibrary.openNoMutex
        var name = Self.resolvingFolder(path)
        if immutable {
            flags |= SQLiteLibrary.openURI
            name = SQLiteLibrary.immutableURI(name)
        }
        do {
            try self.init(path: path, name: name, flags: flags, library: library)
        } catch {
            throw .readFailed(path: path, reason: error.reason)
        }
    }

    /// `path` with its folder's links resolved: SQLite's no-follow open refuses a link anywhere in the path, and only
    /// the file itself must not be one (a project in a linked folder, macOS's `/tmp`, are users' everyday paths).
    static func resolvingFolder(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        guard let folder = POSIXFile.realPath(url.deletingLastPathComponent().path) else { return path }
        return URL(fileURLWithPath: folder).appendingPathComponent(url.lastPathComponent).path
    }

    deinit {
        _ = sqlite.close(handle)
    }

    /// Runs one statement, stepping through any rows it returns (a PRAGMA's answer is dropped).
    func execute(_ sql: String) throws(StoreError) {
        let statement = try prepare(sql)
        while try statement.step() {}
    }

    /// Runs statements separated by `;` (no `;` inside them), one after another.
    func executeScript(_ script: String) throws(StoreError) {
        for sql in script.split(separator: ";") where !sql.allSatisfy(\.isWhitespace) { try execute(String(sql)) }
    }

    /// The first column of the first row of `sql`, as an integer; nil when there is no row or it is NULL.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(StoreError) -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.int64(0)
    }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite.prepare(handle, sql, -1, &statement, nil) == SQLiteLibrary.ok, let statement else {
            throw failure()
        }
        return SQLiteStatement(connection: self, handle: statement)
    }

    /// `body` in `BEGIN IMMEDIATE … COMMIT` (write lock first, up to the busy timeout); a throw rolls it all back.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The reason of a call SQLite refused because another connection held the database (`SQLITE_BUSY`).
    static let busyReason = "SQLite: database is locked"

    var lastInsertedRowID: Int64 { sqlite.lastInsertRowID(handle) }

    /// The error SQLite reports for the last call; a file that is no database (or a damaged one) says how to start
    /// again instead of blaming the disk.
    func failure() -> StoreError {
        let code = sqlite.errcode(handle)
        lastFailure = (code, Self.text(sqlite.errmsg(handle)))
        if code == SQLiteLibrary.busy { return .writeFailed(path: path, reason: Self.busyReason) }
        let reason = "SQLite: " + lastFailure.message
        guard code == SQLiteLibrary.notADatabase || code == SQLiteLibrary.corrupt else {
            return .writeFailed(path: path, reason: reason)
        }
        return .readFailed(
            path: path,
            reason: "\(reason); it is not a history database smokerun can read: move it away to start a new history")
    }

    /// A C string from SQLite; nil (out of memory) reads as empty.
    static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// A value bound to a statement's `?` or read from a column: the one SQLite value type, the result bundle's too.
typealias SQLiteValue = XCResultDatabaseValue

extension SQLiteValue {
    /// `.text`, `.integer` or `.real`, or `.null` for nil.
    static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
    static func optional(_ number: Int64?) -> SQLiteValue { number.map { .integer($0) } ?? .null }
    static func optional(_ number: Double?) -> SQLiteValue { number.map { .real($0) } ?? .null }
}

/// A prepared statement: bind, step, read columns by index; finalized when released.
final class SQLiteStatement {
    private let connection: SQLiteConnection
    private let handle: OpaquePointer
    private var sqlite: SQLiteLibrary { connection.sqlite }

    fileprivate init(connection: SQLiteConnection, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
    }

    deinit {
        _ = connection.sqlite.finalize(handle)
    }

    /// Resets the statement and binds `values` to `?1…?n`.
    func bind(_ values: [SQLiteValue]) throws(StoreError) {
        _ = sqlite.reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite.bindNull(handle, index)
            case .integer(let number): status = sqlite.bindInt64(handle, index, number)
            case .real(let number): status = sqlite.bindDouble(handle, index, number)
            case .text(let text):
                try bind(index, text: text)
                continue
            case .blob(let data):
                status = data.withUnsafeBytes {
                    sqlite.bindBlob(handle, index, $0.baseAddress, Int32($0.count), SQLiteLibrary.transient)
                }
            }
            guard status == SQLiteLibrary.ok else { throw connection.failure() }
        }
    }

    /// Resets the statement for another use; bindings stay until bound again.
    func reset() { _ = sqlite.reset(handle) }

    /// Binds `?index` alone after `reset()`, with no array or allocation (for the history append). Nil binds NULL.
    func bind(_ index: Int32, integer: Int64?) throws(StoreError) {
        let status = integer.map { sqlite.bindInt64(handle, index, $0) } ?? sqlite.bindNull(handle, index)
        guard status == SQLiteLibrary.ok else { throw connection.failure() }
    }

    /// Binds `?index` to `text`'s UTF-8 bytes (SQLite copies them), after `reset()`; nil binds NULL.
    func bind(_ index: Int32, text: String?) throws(StoreError) {
        guard let text else {
            guard sqlite.bindNull(handle, index) == SQLiteLibrary.ok else { throw connection.failure() }
            return
        }
        let status =
            text.utf8.withContiguousStorageIfAvailable { bindBytes(index, $0) }
            ?? { () -> Int32 in
                var copy = text
                return copy.withUTF8 { bindBytes(index, $0) }
            }()
        guard status == SQLiteLibrary.ok else { throw connection.failure() }
    }

    /// Binds `bytes` as text; an empty buffer (maybe without an address: SQLite reads NULL as NULL) from a literal.
    private func bindBytes(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        bytes.withMemoryRebound(to: CChar.self) {
            guard let address = $0.baseAddress else {
                return sqlite.bindText(handle, index, "", 0, SQLiteLibrary.transient)
            }
            return sqlite.bindText(handle, index, address, Int32($0.count), SQLiteLibrary.transient)
        }
    }

    /// Runs the statement as bound (it returns no rows), then resets it for the next binding.
    func runBound() throws(StoreError) {
        defer { reset() }
        while try step() {}
    }

    /// Steps once: true when a row is ready, false when the statement is done.
    func step() throws(StoreError) -> Bool {
        switch sqlite.step(handle) {
        case SQLiteLibrary.row: return true
        case SQLiteLibrary.done: return false
        default: throw connection.failure()
        }
    }

    /// Binds and runs a statement that returns no rows.
    func run(_ values: [SQLiteValue]) throws(StoreError) {
        try bind(values)
        while try step() {}
    }

    func isNull(_ column: Int32) -> Bool { sqlite.columnType(handle, column) == SQLiteLibrary.null }
    func int64(_ column: Int32) -> Int64 { sqlite.columnInt64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite.columnDouble(handle, column) }

    func text(_ column: Int32) -> String? {
        guard !isNull(column), let bytes = sqlite.columnText(handle, column) else { return nil }
        let count = Int(sqlite.columnBytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    var columnNames: [String] {
        (0..<sqlite.columnCount(handle)).map { SQLiteConnection.text(sqlite.columnName(handle, $0)) }
    }

    /// The column's value as stored (SQLite types each value, not the column); invalid UTF-8 in text is repaired.
    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite.columnType(handle, column) {
        case SQLiteLibrary.integer: return .integer(int64(column))
        case SQLiteLibrary.float: return .real(double(column))
        case SQLiteLibrary.text: return text(column).map { .text($0) } ?? .null
        case SQLiteLibrary.blob:
            let length = Int(sqlite.columnBytes(handle, column))
            guard length > 0, let bytes = sqlite.columnBlob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        default: return .null
        }
    }
}
