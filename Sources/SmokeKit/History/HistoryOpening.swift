import Foundation
import SmokeCore

/// Where an output folder's history is opened, and the one place that chooses its back end: `history.sqlite` when
/// SQLite loads, else `history.jsonl`.
package enum HistoryOpening {
    /// The history of `outputFolder`, with the SQLite library `environment` asks for (`SMOKERUN_SQLITE_LIBRARY`);
    /// without one, the library smokerun loaded at its first use.
    package static func open(outputFolder: URL, environment: [String: String]? = nil) -> any RunHistory {
        open(outputFolder: outputFolder, library: environment.map(SQLiteLibrary.chosen(by:)) ?? SQLiteLibrary.shared)
    }

    /// The history of `outputFolder`, written and read with `library`; tests pass a failed load to get the
    /// `history.jsonl` one.
    static func open(outputFolder: URL, library: Result<SQLiteLibrary, SQLiteLibraryError>) -> any RunHistory {
        switch library {
        case .success(let sqlite): SQLiteHistory(outputFolder: outputFolder, library: sqlite)
        case .failure(let missing): JSONLinesHistory(outputFolder: outputFolder, missingLibrary: missing)
        }
    }
}
