import Foundation
import SmokeCore

/// The outside world of a command or run: output streams, environment, current folder (for relative paths),
/// clock, tool runner, SQLite and drivers. The executable passes the real one; tests their own.
package struct HostContext: Sendable {
    package var standardOutput: any TextOutput
    package var standardError: any TextOutput
    package var environment: [String: String]
    package var currentDirectory: URL
    package var runner: any CommandRunning
    package var clock: any SchedulerClock
    /// SQLite, loaded once (`SMOKERUN_SQLITE_LIBRARY` names it) for the history and the bundle reader; a failed load
    /// means `history.jsonl` and no bundle reading.
    package var sqlite: LoadedSQLite
    /// The drivers a pipeline's tests run with; tests register a toy one.
    package var drivers = TestDrivers.standard

    package init(
        standardOutput: any TextOutput = FileDescriptorOutput.standardOutput,
        standardError: any TextOutput = FileDescriptorOutput.standardError,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        runner: any CommandRunning = ProcessCommandRunner(),
        clock: any SchedulerClock = SystemSchedulerClock(),
        sqlite: LoadedSQLite? = nil
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.runner = runner
        self.clock = clock
        self.sqlite = sqlite ?? SQLiteLibrary.load(environment: environment)
    }

    /// Resolves a user-given path against the current directory.
    package func url(for path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return currentDirectory.appendingPathComponent(path).standardizedFileURL
    }

    /// How messages name `url`: relative to the current directory when it is inside it, else whole.
    package func displayPath(_ url: URL) -> String {
        let root = currentDirectory.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }
}
