import CSQLite
import Foundation
import SmokeCore

/// SQLite as a command has it: loaded (`SQLiteLibrary.load`), or why not.
package typealias LoadedSQLite = Result<SQLiteLibrary, SQLiteLibraryError>

/// The few SQLite C functions smokerun calls, loaded from the system library at run time by CSQLite (`dlopen`),
/// so building needs no `sqlite3.h` or `-lsqlite3`: Swift images carry `libsqlite3.so.0` but not its headers.
package struct SQLiteLibrary: @unchecked Sendable { // immutable C function pointers
    typealias Handle = OpaquePointer
    typealias Statement = OpaquePointer

    let open:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) ->
            Int32
    let close: @convention(c) (Handle?) -> Int32
    let errmsg: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    let errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let errcode: @convention(c) (Handle?) -> Int32
    let prepare:
        @convention(c) (
            Handle?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32
    let columnName: @convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> Int64
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let columnBlob: @convention(c) (Statement?, Int32) -> UnsafeRawPointer?
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    /// The last argument is the destructor; `transient` (-1) makes SQLite copy the bytes.
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, UnsafeRawPointer?) -> Int32
    let bindBlob: @convention(c) (Statement?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32
    let lastInsertRowID: @convention(c) (Handle?) -> Int64
    let reset: @convention(c) (Statement?) -> Int32

    /// `SQLITE_TRANSIENT`, `((sqlite3_destructor_type)-1)`.
    static var transient: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: -1) }

    // Result codes, open flags and column types from sqlite3.h (stable since SQLite 3.0–3.7).
    static let ok: Int32 = 0
    static let busy: Int32 = 5
    static let corrupt: Int32 = 11
    static let cantOpen: Int32 = 14
    static let notADatabase: Int32 = 26
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadOnly: Int32 = 0x01
    static let openReadWrite: Int32 = 0x02
    static let openCreate: Int32 = 0x04
    static let openURI: Int32 = 0x40
    /// `SQLITE_OPEN_NOMUTEX`: no lock around each call, for a connection only one thread uses at a time.
    static let openNoMutex: Int32 = 0x8000
    /// `SQLITE_OPEN_NOFOLLOW` (SQLite 3.31): the open refuses a symbolic link.
    static let openNoFollow: Int32 = 0x0100_0000
    static let integer: Int32 = 1
    static let float: Int32 = 2
    static let text: Int32 = 3
    static let blob: Int32 = 4
    static let null: Int32 = 5

    /// Tried in order: the runtime package's soname (Debian/Ubuntu `libsqlite3-0`, Fedora `sqlite-libs`), then the
    /// development link; macOS's is in the system.
    static let candidateNames: [String] = {
        #if canImport(Darwin)
            ["/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
        #else
            ["libsqlite3.so.0", "libsqlite3.so"]
        #endif
    }()

    /// The library `libraryVariable` names (a path or soname), else the first of `candidateNames` that loads. Loaded
    /// once at the program's edge (`HostContext.sqlite`); a test passes a failed load to see a machine without SQLite.
    package static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> LoadedSQLite {
        let chosen = environment[libraryVariable].flatMap { $0.isEmpty ? nil : [$0] }
        return Result { () throws(SQLiteLibraryError) in try load(chosen ?? candidateNames) }
    }

    /// `file:<path>?immutable=1` (for `openURI`): read-only, no locks, no `-shm`/`-wal`; `%`, `?`, `#` percent-encoded.
    static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": encoded += "%25"
            case "?": encoded += "%3F"
            case "#": encoded += "%23"
            default: encoded.unicodeScalars.append(scalar)
            }
        }
        return "file:\(encoded)?immutable=1"
    }

    /// The environment variable that replaces `candidateNames`.
    static let libraryVariable = "SMOKERUN_SQLITE_LIBRARY"

    /// Opens the first of `names` that loads, with every function; the error names the package to install.
    static func load(_ names: [String]) throws(SQLiteLibraryError) -> SQLiteLibrary {
        var reasons: [String] = []
        for name in names {
            var api = csqlite_api()
            var reason = [CChar](repeating: 0, count: 512)
            guard csqlite_load(name, &api, &reason, reason.count) != nil, let library = SQLiteLibrary(api) else {
                reasons.append(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
                continue
            }
            return library
        }
        throw SQLiteLibraryError(tried: names, reasons: reasons)
    }

    /// Nil when a function is missing (CSQLite checked them all; this only unwraps).
    private init?(_ api: csqlite_api) {
        guard let open = api.open_v2, let close = api.close, let errmsg = api.errmsg, let errstr = api.errstr,
            let errcode = api.errcode, let prepare = api.prepare_v2, let finalize = api.finalize, let step = api.step,
            let columnCount = api.column_count, let columnName = api.column_name, let columnType = api.column_type,
            let columnInt64 = api.column_int64, let columnDouble = api.column_double, let columnText = api.column_text,
            let columnBlob = api.column_blob, let columnBytes = api.column_bytes, let bindNull = api.bind_null,
            let bindInt64 = api.bind_int64, let bindDouble = api.bind_double, let bindText = api.bind_text,
            let bindBlob = api.bind_blob, let lastInsertRowID = api.last_insert_rowid, let reset = api.reset
        else { return nil }
        self.open = open
        self.close = close
        self.errmsg = errmsg
        self.errstr = errstr
        self.errcode = errcode
        self.prepare = prepare
        self.finalize = finalize
        self.step = step
        self.columnCount = columnCount
        self.columnName = columnName
        self.columnType = columnType
        self.columnInt64 = columnInt64
        self.columnDouble = columnDouble
        self.columnText = columnText
        self.columnBlob = columnBlob
        self.columnBytes = columnBytes
        self.bindNull = bindNull
        self.bindInt64 = bindInt64
        self.bindDouble = bindDouble
        self.bindText = bindText
        self.bindBlob = bindBlob
        self.lastInsertRowID = lastInsertRowID
        self.reset = reset
    }
}

extension SQLiteLibrary {
    /// Opens `name` (a path or `file:` URI) with `flags`: the handle, or SQLite's reason (the half-open handle closed).
    /// One rule for every connection smokerun makes.
    func openHandle(_ name: String, flags: Int32) -> Result<OpaquePointer, OpenFailure> {
        var pointer: OpaquePointer?
        let status = open(name, &pointer, flags, nil)
        guard status == Self.ok, let pointer else {
            let message = pointer.flatMap { errmsg($0) } ?? errstr(status)
            if let pointer { _ = close(pointer) }
            return .failure(OpenFailure(reason: message.map { String(cString: $0) } ?? ""))
        }
        return .success(pointer)
    }

    /// Why a database did not open, in SQLite's words.
    struct OpenFailure: Error {
        var reason: String
    }
}
