import Foundation
import SmokeCore

@testable import SmokeKit

extension RunHistory {
    /// Every entry of `pipeline` (all when nil), with its per-test maps, oldest first.
    package func entries(pipeline: String? = nil) throws -> [HistoryEntry] {
        try contents(pipeline: pipeline).entries
    }

    /// Every entry of `pipeline` (all when nil) and the lines that could not be read.
    package func contents(pipeline: String?) throws -> HistoryContents {
        try contents(pipeline: pipeline, since: nil, last: nil, perTest: true)
    }
}

extension HistoryOpening {
    /// The folder's `history.sqlite` opened to read as `SQLiteHistory` reads it; nil when the folder has none.
    package static func database(outputFolder: URL) throws -> HistoryDatabase? {
        try (open(outputFolder: outputFolder) as? SQLiteHistory)?.database()
    }

    /// The folder's `history.jsonl` history, as a machine without SQLite has it (with its note).
    package static func withoutSQLite(outputFolder: URL) -> any RunHistory {
        let missing = SQLiteLibraryError(
            tried: ["libsqlite3-missing.so.0"], reasons: ["cannot open shared object file"])
        return open(outputFolder: outputFolder, library: .failure(missing))
    }
}
