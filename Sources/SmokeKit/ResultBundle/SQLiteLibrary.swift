import SmokeCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few SQLite C functions the bundle reader calls, loaded from the system's shared library at
/// run time (`dlopen`), so building smokerun needs no `sqlite3.h` and no `-lsqlite3`: the official
/// Swift images and a bare toolchain install carry `libsqlite3.so.0` (SwiftPM itself links it) but
/// not its headers. The signatures follow sqlite3.h; handles are opaque pointers.
struct SQLiteLibrary: @unchecked Sendable {  // immutable C function pointers
    typealias Handle = OpaquePointer
    typealias Statement = OpaquePointer

    let open: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let close: @convention(c) (Handle?) -> Int32
    let errmsg: @convention(c) (Handle?) -> UnsafePointer<CChar>?
    let errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let errcode: @convention(c) (Handle?) -> Int32
    let prepare: @convention(c) (Handle?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
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

    /// `SQLITE_TRANSIENT`, `((sqlite3_destructor_type)-1)`.
    static var transient: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: -1) }

    // Result codes, open flags and column types from sqlite3.h (stable since SQLite 3.0–3.7).
    static let ok: Int32 = 0
    static let corrupt: Int32 = 11
    static let cantOpen: Int32 = 14
    static let notADatabase: Int32 = 26
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadOnly: Int32 = 0x01
    static let openReadWrite: Int32 = 0x02
    static let openCreate: Int32 = 0x04
    static let openURI: Int32 = 0x40
    static let integer: Int32 = 1
    static let float: Int32 = 2
    static let text: Int32 = 3
    static let blob: Int32 = 4

    /// The names tried, in order: the runtime package's soname first (Debian/Ubuntu `libsqlite3-0`,
    /// Fedora `sqlite-libs`), then the unversioned development link; macOS's lives in the system.
    static let candidateNames: [String] = {
        #if canImport(Darwin)
        ["/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
        #else
        ["libsqlite3.so.0", "libsqlite3.so"]
        #endif
    }()

    /// The library, loaded once on first use; the same error every time when it is missing.
    static let shared: Result<SQLiteLibrary, SQLiteLibraryError> = Result { () throws(SQLiteLibraryError) in
        try load(candidateNames)
    }

    /// Opens the first of `names` that loads and resolves every function; the error names the
    /// package to install and why each name failed.
    static func load(_ names: [String]) throws(SQLiteLibraryError) -> SQLiteLibrary {
        var reasons: [String] = []
        for name in names {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): cannot be loaded")
                continue
            }
            do {
                return try SQLiteLibrary(library: library, name: name)
            } catch {
                reasons.append(error.text)
                dlclose(library)
            }
        }
        throw SQLiteLibraryError(tried: names, reasons: reasons)
    }

    private init(library: UnsafeMutableRawPointer, name: String) throws(MissingSymbol) {
        func symbol<Function>(_ symbolName: String) throws(MissingSymbol) -> Function {
            guard let address = dlsym(library, symbolName) else { throw MissingSymbol(text: "\(name) has no \(symbolName)") }
            return unsafeBitCast(address, to: Function.self)
        }
        open = try symbol("sqlite3_open_v2")
        close = try symbol("sqlite3_close")
        errmsg = try symbol("sqlite3_errmsg")
        errstr = try symbol("sqlite3_errstr")
        errcode = try symbol("sqlite3_errcode")
        prepare = try symbol("sqlite3_prepare_v2")
        finalize = try symbol("sqlite3_finalize")
        step = try symbol("sqlite3_step")
        columnCount = try symbol("sqlite3_column_count")
        columnName = try symbol("sqlite3_column_name")
        columnType = try symbol("sqlite3_column_type")
        columnInt64 = try symbol("sqlite3_column_int64")
        columnDouble = try symbol("sqlite3_column_double")
        columnText = try symbol("sqlite3_column_text")
        columnBlob = try symbol("sqlite3_column_blob")
        columnBytes = try symbol("sqlite3_column_bytes")
        bindNull = try symbol("sqlite3_bind_null")
        bindInt64 = try symbol("sqlite3_bind_int64")
        bindDouble = try symbol("sqlite3_bind_double")
        bindText = try symbol("sqlite3_bind_text")
        bindBlob = try symbol("sqlite3_bind_blob")
        lastInsertRowID = try symbol("sqlite3_last_insert_rowid")
    }

    /// A library that loaded but lacks a function (not SQLite, or far too old).
    private struct MissingSymbol: Error {
        var text: String
    }
}
