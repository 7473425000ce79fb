import Foundation
import SmokeCore

/// The one place choosing a history back end: `history.sqlite` when SQLite loads, else `history.jsonl`.
package enum HistoryOpening {
    /// The history of `outputFolder` with `library` (`HostContext.sqlite`); a failed load opens `history.jsonl`.
    package static func open(outputFolder: URL, library: LoadedSQLite = SQLiteLibrary.load()) -> any RunHistory {
        switch library {
        case .success(let sqlite): SQLiteHistory(outputFolder: outputFolder, library: sqlite)
        case .failure(let missing): JSONLinesHistory(outputFolder: outputFolder, missingLibrary: missing)
        }
    }
}
