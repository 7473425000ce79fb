import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The one choice of back end: `history.sqlite` when SQLite loads, else `history.jsonl` with a note saying why.
@Suite struct HistoryOpeningTests {
    let folder = URL(fileURLWithPath: "/nonexistent/out")

    @Test func aLoadedLibraryOpensTheDatabaseAndNeedsNoNote() throws {
        let history = HistoryOpening.open(outputFolder: folder, library: .success(try SQLiteLibrary.shared.get()))
        #expect(history is SQLiteHistory)
        #expect(history.fallbackNote == nil)
    }

    @Test func aLibraryTheEnvironmentNamesThatDoesNotLoadOpensTheLinesWithANoteNamingIt() {
        let history = HistoryOpening.open(
            outputFolder: folder, environment: ["SMOKERUN_SQLITE_LIBRARY": "libsqlite3-not-here.so.0"])
        #expect(history is JSONLinesHistory)
        #expect(history.fallbackNote?.contains("libsqlite3-not-here.so.0") == true, "\(history.fallbackNote ?? "")")
    }
}
