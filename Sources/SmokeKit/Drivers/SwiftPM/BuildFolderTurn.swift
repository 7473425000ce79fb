import Foundation
import SmokeCore

/// Runs building into one folder (two pipelines of a package with the same configuration share `.build/smokerun`;
/// the scheduler starts them at once) take turns: any number check and test with the build there, and a run that
/// must build again waits until they end, then builds alone. Without turns, a run's later batches ran the binary
/// another run had just linked from changed sources: failures of code it never built, blamed on its commit. A
/// `WaitingFileLock` named after the folder: shared while checking and testing, exclusive while building.
struct BuildFolderTurn {
    private let lock: WaitingFileLock?
    private let folder: URL
    private let context: RunContext

    /// Waits while another run builds in `scratch` (physical), saying so once.
    init(scratch: URL, context: RunContext) throws {
        (folder, self.context) = (scratch, context)
        let key = SHA256.hex(Array(scratch.path.utf8)).prefix(16) + "-" + scratch.lastPathComponent
        let url = WaitingFileLock.folder("builds", environment: context.environment)
            .appendingPathComponent(WaitingFileLock.fileName(String(key)))
        do {
            lock = try WaitingFileLock.acquire(
                url, .shared, what: Self.what(scratch), stop: context.limits.stopText,
                waiting: { Self.tell("another smokerun run is building in \(scratch.path)", context) })
        } catch {
            throw BuildFolderBusy(message: error.message)
        }
    }

    /// The build's turn, alone: waits while other runs test with the build there.
    func startBuilding() throws {
        do {
            guard let lock else { return }
            _ = try lock.take(
                .exclusive, what: Self.what(folder), stop: context.limits.stopText,
                waiting: { Self.tell("another smokerun run is testing with the build in \(folder.path)", context) })
        } catch {
            throw BuildFolderBusy(message: error.message)
        }
    }

    /// The tests' turn, shared with other runs testing the same build. Fails when another run rebuilt `binary` as
    /// this run gave up building alone (the lock is released, then taken shared).
    func startTesting(_ binary: URL) throws {
        let built = FileIdentity(binary)
        lock?.share()
        guard FileIdentity(binary) == built else {
            throw BuildFolderBusy(
                message: """
                    another smokerun run rebuilt \(binary.lastPathComponent) in \(folder.path) as this run's tests were \
                    about to start; they did not run, so as not to test code this run did not build: run it again
                    """)
        }
    }

    func end() { lock?.release() }

    private static func what(_ scratch: URL) -> String { "the build folder \(scratch.path) another smokerun run used" }

    private static func tell(_ why: String, _ context: RunContext) {
        let text = "waiting for the build folder: \(why)"
        context.console.note(text)
        context.status(text)
    }

    struct BuildFolderBusy: Error, LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }

    /// A file's number, size and modification time: a relinked binary differs in at least one.
    private struct FileIdentity: Equatable {
        var number: Int?
        var size: Int?
        var modified: Date?

        init(_ url: URL) {
            let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
            number = (attributes[.systemFileNumber] as? NSNumber)?.intValue
            size = (attributes[.size] as? NSNumber)?.intValue
            modified = attributes[.modificationDate] as? Date
        }
    }
}
