import Foundation

/// Starts `/bin/sleep` and leaves it running: its own session (Foundation's `Process` puts it in one
/// on Linux), stdout and stderr inherited from the caller.
public enum Sleeper {
    /// The sleeper's argument (a marker a test can find in `/proc`), or nil when no sleeper is wanted.
    public static var seconds: String? { ProcessInfo.processInfo.environment["STRAY_SLEEP"] }

    @discardableResult
    public static func start(seconds: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = [seconds]
        try process.run()
        print("started sleeper \(process.processIdentifier)")
        return process.processIdentifier
    }
}
