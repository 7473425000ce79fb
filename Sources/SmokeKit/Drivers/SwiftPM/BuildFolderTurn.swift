import Foundation
import SmokeCore

/// Runs building into one folder (two pipelines of a package with the same configuration share `.build/smokerun`;
/// the scheduler starts them at once; `doctor` and `bisect` build there too) take turns: any number check and test
/// with the build there, and one that must build again waits until they end, then builds alone. Without turns, a
/// run's later batches ran the binary another had just linked from changed sources: failures (or passes) of code it
/// never built, blamed on its commit. A `WaitingFileLock` on `smokerun-turn.lock` in the folder, which every run
/// building there can write: shared while checking, testing and reading coverage, exclusive while building.
final class BuildFolderTurn: @unchecked Sendable {
    private let lock: WaitingFileLock?
    private let folder: URL
    private let stop: () -> String?
    private let tell: (String) -> Void

    /// Waits while another run builds in `scratch` (physical); `tell` is told once why it waits, `stop` says why to
    /// stop waiting (the run's deadline, a signal).
    init(scratch: URL, stop: @escaping () -> String?, tell: @escaping (String) -> Void) throws {
        (folder, self.stop, self.tell) = (scratch, stop, tell)
        do {
            lock = try WaitingFileLock.acquire(
                scratch.appendingPathComponent("smokerun-turn.lock"), .shared, what: Self.what(scratch), stop: stop,
                waiting: { tell("waiting for the build folder: another smokerun run is building in \(scratch.path)") })
        } catch {
            throw BuildFolderBusy(message: error.message)
        }
    }

    convenience init(scratch: URL, context: RunContext) throws {
        let (console, status) = (context.console, context.status)
        try self.init(scratch: scratch, stop: context.limits.stopText) { text in
            console.note(text)
            status(text)
        }
    }

    /// The build's turn, alone: waits while other runs test with the build there.
    func startBuilding() throws {
        try take(.exclusive, because: "another smokerun run is testing with the build in \(folder.path)")
    }

    /// The tests' turn, shared with other runs testing the same build. Fails when another run rebuilt `binary` as
    /// this run went from building alone to sharing (`flock` releases, then takes the lock again).
    func startTesting(_ binary: URL) throws {
        let built = BuildInputScan.stamp(binary.path)?.stamp
        try take(.shared, because: "another smokerun run is building in \(folder.path)")
        guard BuildInputScan.stamp(binary.path)?.stamp == built else {
            throw BuildFolderBusy(
                message: """
                    another smokerun run rebuilt \(binary.lastPathComponent) in \(folder.path) as this run's tests were \
                    about to start; they did not run, so as not to test code this run did not build: run it again
                    """)
        }
    }

    func end() { lock?.release() }

    private func take(_ mode: WaitingFileLock.Mode, because why: String) throws {
        guard let lock else { return }
        do {
            let tell = tell
            _ = try lock.take(
                mode, what: Self.what(folder), stop: stop, waiting: { tell("waiting for the build folder: \(why)") })
        } catch {
            throw BuildFolderBusy(message: error.message)
        }
    }

    private static func what(_ scratch: URL) -> String { "the build folder \(scratch.path) another smokerun run used" }

    struct BuildFolderBusy: Error, LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }
}
