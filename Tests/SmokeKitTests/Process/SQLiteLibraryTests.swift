import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// SQLite is loaded at run time: the system library works, and a missing one is a clear exit 3.
@Suite struct SQLiteLibraryTests {
    @Test func theSystemLibraryLoadsAndAnswersAQuery() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        _ = try SQLiteLibrary.load().get()
        let database = try XCResultDatabaseConnection(creatingAt: folder.url.appendingPathComponent("t.sqlite3"))
        try database.execute("CREATE TABLE t (a INTEGER, b TEXT, c REAL, d BLOB)")
        try database.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?)",
            bindings: [.integer(-7), .text("é\"x"), .real(1.5), .blob(Data([0, 1, 2]))])
        let rows = try database.query("SELECT a, b, c, d, NULL AS e FROM t", table: "t")
        #expect(rows.count == 1)
        #expect(
            rows.first?.values == [
                "a": .integer(-7), "b": .text("é\"x"), "c": .real(1.5), "d": .blob(Data([0, 1, 2])), "e": .null,
            ])
    }

    @Test func aMissingLibraryNamesTheRuntimePackageToInstall() {
        let error = #expect(throws: SQLiteLibraryError.self) {
            try SQLiteLibrary.load(["libsqlite3-not-here.so.0"])
        }
        let message = error?.errorDescription ?? ""
        #expect(message.contains("libsqlite3-not-here.so.0"))
        #if !canImport(Darwin)
            #expect(message.contains("apt-get install libsqlite3-0"))
        #endif
    }

    #if os(Linux)
        @Test func aLibraryThatIsNotSQLiteIsRefusedNamingTheMissingFunction() {
            let error = #expect(throws: SQLiteLibraryError.self) { try SQLiteLibrary.load(["libc.so.6"]) }
            #expect(error?.reasons == ["libc.so.6 has no sqlite3_open_v2"])
        }
    #endif

    @Test func readingABundleWithoutTheLibraryIsAnInfrastructureError() {
        let missing = SQLiteLibraryError(
            tried: ["libsqlite3.so.0"], reasons: ["libsqlite3.so.0: cannot open shared object file"])
        let error = #expect(throws: XCResultDatabaseError.self) {
            try XCResultDatabaseConnection(
                readingAt: URL(fileURLWithPath: "/nonexistent/database.sqlite3"), library: .failure(missing))
        }
        #expect(error == .sqliteUnavailable(missing))
        #expect(error?.kind == .infrastructure)
        #expect(error?.errorDescription?.contains("none of libsqlite3.so.0 could be loaded") == true)
    }
}
