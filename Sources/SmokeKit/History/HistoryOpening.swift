import Foundation
import SmokeCore

/// Where an output folder's history is opened, and the one place that chooses its back end: `history.sqlite` when
/// SQLite loads, else `history.jsonl`.
package enum HistoryOpening {
    /// The history of `outputFolder`, written and read with `library` (a command's `HostContext.sqlite`); a failed
    /// load opens the `history.jsonl` one.
    package static func open(outputFolder: URL, library: LoadedSQLite = SQLiteLibrary.load()) -> any RunHistory {
        switch library {
        case .success(let sqlite): SQLiteHistory(outputFolder: outputFolder, library: sqlite)
        case .failure(let missing): JSONLinesHistory(outputFolder: outputFolder, missingLibrary: missing)
        }
    }
}
