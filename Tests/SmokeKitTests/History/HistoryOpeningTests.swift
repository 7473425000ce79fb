import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The one choice of back end: `history.sqlite` when SQLite loads, else `history.jsonl` with a note saying why.
@Suite struct HistoryOpeningTests {
    let folder = URL(fileURLWithPath: "/nonexistent/out")

    @Test func aLoadedLibraryOpensTheDatabaseAndNeedsNoNote() throws {
        let history = HistoryOpening.open(outputFolder: folder, library: .success(try SQLiteLibrary.load().get()))
        #expect(history is SQLiteHistory)
        #expect(history.fallbackNote == nil)
    }

    @Test func aLibraryTheEnvironmentNamesThatDoesNotLoadOpensTheLinesWithANoteNamingIt() {
        let library = SQLiteLibrary.load(environment: ["SMOKERUN_SQLITE_LIBRARY": "libsqlite3-not-here.so.0"])
        let history = HistoryOpening.open(outputFolder: folder, library: library)
        #expect(history is JSONLinesHistory)
        #expect(history.fallbackNote?.contains("libsqlite3-not-here.so.0") == true, "\(history.fallbackNote ?? "")")
    }

    @Test func aContextWithoutSQLiteGivesItsRunsTheLinesWithNoVariableSet() {
        let missing = SQLiteLibraryError(tried: ["libsqlite3.so.0"], reasons: ["libsqlite3.so.0: not here"])
        let context = HostContext(environment: [:], currentDirectory: folder, sqlite: .failure(missing))
        let pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        let run = SmokeRun(
            pipeline: pipeline, options: SmokeRun.Options(), context: context, cancellation: CancellationFlag())
        #expect(run.history is JSONLinesHistory)
        #expect(run.finisher.history.fallbackNote?.contains("libsqlite3.so.0: not here") == true)
    }
}
