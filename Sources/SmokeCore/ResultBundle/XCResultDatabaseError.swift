import Foundation

/// A result bundle's `database.sqlite3` that cannot be read; exits 2 and names the file and the fix.
package enum XCResultDatabaseError: LocalizedError, DomainError, Equatable {
    /// SQLite refused the file: not a database, truncated, encrypted, unreadable.
    case unreadable(path: String, reason: String)
    /// A query failed part-way (a corrupt page found while reading).
    case queryFailed(path: String, table: String, reason: String)
    /// Tables or columns smokerun needs are not there: a schema this reader does not know.
    case unknownSchema(path: String, missing: [String])
    /// The system SQLite library is missing: the machine's problem, not the bundle's (exit 3).
    case sqliteUnavailable(SQLiteLibraryError)

    package var kind: ErrorKind {
        if case .sqliteUnavailable = self { return .infrastructure }
        return .invalidInput
    }

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            """
            \(path): cannot be read as a result-bundle database (\(reason)). The bundle is probably truncated or \
            corrupt; copy the whole .xcresult folder again (zip or tar it on the Mac that made it).
            """
        case .queryFailed(let path, let table, let reason):
            """
            \(path): reading table \(table) failed (\(reason)). The database is probably corrupt; copy the whole \
            .xcresult folder again from the machine that produced it.
            """
        case .unknownSchema(let path, let missing):
            """
            \(path): unknown result-bundle database schema, missing \(missing.joined(separator: ", ")). smokerun reads \
            the schema of Xcode 16 and later; read this bundle with Xcode's xcresulttool (`smokerun parse` on a Mac) \
            or report the Xcode version that wrote it.
            """
        case .sqliteUnavailable(let error):
            error.errorDescription
        }
    }
}
