import Foundation
import SmokeCore

/// What `smokerun doctor` asks of the world, one closure per check: `live` is the real machine; tests pass their own.
package struct DoctorProbes: Sendable {
    /// Where a check runs: the environment (with `<output>/env` applied) and the current folder.
    package struct Place: Sendable {
        package var environment: [String: String]
        package var currentDirectory: URL
        /// Says what a check waits for while it waits (another run's turn in the build folder).
        package var note: @Sendable (String) -> Void = { _ in }
    }

    /// Reads and validates a pipeline file (paths checked); the string is how messages name it.
    var loadPipeline: @Sendable (URL, String) throws -> Pipeline
    var locateSwift: @Sendable ([String: String]) throws -> URL
    var coverageTools: @Sendable (any TestDriver, Place) throws -> [URL]
    /// Builds the tests of the package smokerun builds (nil: the driver's tool builds), stopped after the given seconds.
    var build: @Sendable (Pipeline, SwiftPMSettings?, Place, TimeInterval) throws -> String
    var resolveSimulators: @Sendable (Pipeline, Place) throws -> [String]
    /// Creates and removes a temp file in the folder, creating the folder when it is missing.
    var probeWritable: @Sendable (URL) throws -> Void
    /// Where an installed schedule runs the pipeline file (a crontab line, a systemd timer, a launchd agent).
    var findSchedule: @Sendable (_ pipelineName: String, _ pipelineFile: String, Place) -> [String]
    var sendTest: @Sendable (Pipeline, Place) async -> NotificationRecord
    var environmentFileReader: EnvironmentFileReader
    var now: @Sendable () -> Date
    var isMacOS: Bool
    var pipelineExists: @Sendable (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    /// Asks `swift --version`, for a pipeline that pins the Swift version (`device.swift`).
    var identifySwift: @Sendable (URL, [String: String]) throws -> SwiftToolchain = {
        try SwiftToolchain.identify($0, environment: $1, runner: ProcessCommandRunner())
    }

    /// The room on the output folder's file system, too little when a small run's reports and console log (some
    /// megabytes) would not fit.
    struct NoRoom: Error, Equatable {
        var freeBytes: UInt64
        var isShort: Bool { freeBytes < 10 << 20 }
        var message: String { "only \(freeBytes / 1024) KB free, where a run needs some megabytes" }
    }

    package static var live: DoctorProbes {
        DoctorProbes(
            loadPipeline: { url, shown in try PipelineLoader().load(url, displayPath: shown, checkingPaths: true) },
            locateSwift: { environment in try SwiftToolchain.locate(environment: environment) },
            coverageTools: { driver, place in
                let tools = try driver.coverageTools(
                    environment: place.environment, runner: ProcessCommandRunner())
                return [tools.llvmProfdata, tools.llvmCov]
            },
            build: DoctorBuild.run,
            resolveSimulators: { pipeline, place in
                let inventory = try SimulatorProvisioner(runner: ProcessCommandRunner(), environment: place.environment)
                    .inventory()
                return try pipeline.devices.map { profile in
                    let device = try SimulatorResolver.plan(profile, inventory: inventory).device
                    return "\(device.name ?? "?") \(device.runtime ?? "") \(device.udid ?? "(created at run time)")"
                }
            },
            probeWritable: { folder in
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let probe = AtomicFile.temporaryURL(next: folder.appendingPathComponent("doctor"))
                guard try POSIXFile.createExclusively(probe) else {
                    throw StoreError.writeFailed(path: probe.path, reason: "a file of that name is already there")
                }
                POSIXFile.remove(probe)
                // An empty file fits on a full disk; a run's reports, console log and history do not.
                var volume = statvfs()
                if statvfs(folder.path, &volume) == 0 {
                    let room = NoRoom(freeBytes: UInt64(volume.f_bavail) * UInt64(volume.f_frsize))
                    if room.isShort { throw room }
                }
            },
            findSchedule: DoctorSchedule.find,
            sendTest: { pipeline, place in
                await Notifier().sendTest(
                    pipeline: pipeline.name, host: ProcessInfo.processInfo.hostName, settings: pipeline.notify,
                    environment: place.environment)
            },
            environmentFileReader: EnvironmentFileReader(), now: { SystemClock.now() },
            isMacOS: ToolchainTools.Host.current == .macOS)
    }
}
