import Foundation
import SmokeCore

/// What `smokerun doctor` asks of the world, one closure per check: `live` is the real machine; tests pass
/// their own, so each way a check fails is shown without a broken toolchain or an unwritable disk.
package struct DoctorProbes: Sendable {
    /// Where a check runs: the environment (with `<output>/env` applied) and the current folder.
    package struct Place: Sendable {
        package var environment: [String: String]
        package var currentDirectory: URL
    }

    /// Reads and validates a pipeline file (`PipelineLoader`, paths checked); the string is how messages name it.
    var loadPipeline: @Sendable (URL, String) throws -> Pipeline
    /// The `swift` a run would use (`SMOKERUN_SWIFT`, else PATH).
    var locateSwift: @Sendable ([String: String]) throws -> URL
    /// The llvm tools a run's coverage would use, checked to answer `--version`.
    var coverageTools: @Sendable (Pipeline, Place) throws -> [URL]
    /// Builds the tests as a run would, stopped after the given seconds; says what it did.
    var build: @Sendable (Pipeline, Place, TimeInterval) throws -> String
    /// The simulators the pipeline's profiles resolve to (macOS), one line each.
    var resolveSimulators: @Sendable (Pipeline, Place) throws -> [String]
    /// Creates and removes a temp file in the folder, creating the folder when it is missing.
    var probeWritable: @Sendable (URL) throws -> Void
    /// Where an installed schedule runs the pipeline file (a crontab line, a systemd timer, a launchd agent).
    var findSchedule: @Sendable (_ pipelineName: String, _ pipelineFile: String, Place) -> [String]
    /// Posts the test message through the notifier.
    var sendTest: @Sendable (Pipeline, Place) async -> NotificationRecord
    var environmentFileReader: EnvironmentFileReader
    var now: @Sendable () -> Date
    var isMacOS: Bool

    package static var live: DoctorProbes {
        DoctorProbes(
            loadPipeline: { url, shown in try PipelineLoader().load(url, displayPath: shown, checkingPaths: true) },
            locateSwift: { environment in try SwiftToolchain.locate(environment: environment) },
            coverageTools: { pipeline, place in
                let tools = try TestDrivers.make(for: pipeline).coverageTools(
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
            },
            findSchedule: DoctorSchedule.find,
            sendTest: { pipeline, place in
                await Notifier().sendTest(
                    pipeline: pipeline.name, host: ProcessInfo.processInfo.hostName, settings: pipeline.notify,
                    environment: place.environment)
            },
            environmentFileReader: EnvironmentFileReader(), now: { Date() },
            isMacOS: ToolchainTools.Host.current == .macOS)
    }
}

/// The build check: `swift build --build-tests` into smokerun's own scratch folder, as `run` builds.
enum DoctorBuild {
    static let run: @Sendable (Pipeline, DoctorProbes.Place, TimeInterval) throws -> String = {
        pipeline, place, seconds in
        guard case .swiftpm(let settings) = pipeline.driver else { return "nothing to build here" }
        let directory = place.currentDirectory
        let swift = try SwiftToolchain.locate(environment: place.environment)
        var build = SwiftPMBuild(
            swift: swift, packageRoot: pipeline.resolve(settings.packagePath, currentDirectory: directory),
            scratchPath: pipeline.scratchDirectory(for: settings, currentDirectory: directory),
            configuration: settings.configuration, coverage: pipeline.coverage.enabled,
            environment: place.environment, console: try ConsoleLog(url: nil))
        build.excluded = [pipeline.resolve(pipeline.output, currentDirectory: directory)]
        let key: BuildStamp.Key?
        switch build.check() {
        case .fresh(_, _, let inputs):
            return "up to date (\(inputs) files and folders unchanged since smokerun's last build)"
        case .stale(let stale):
            key = stale
        }
        let started = Date()
        let limits = RunLimits(
            testSeconds: seconds, runDeadline: started.addingTimeInterval(seconds), cancellation: CancellationFlag())
        let binary: URL
        do {
            binary = try build.buildTests(limits: limits)
        } catch let failure as BuildFailure {
            throw DoctorBuildError(record: failure.record)
        }
        // Stamped as `run` stamps it, so the next run (or doctor) skips a build of the same inputs.
        if let key,
            let toolchain = try? SwiftToolchain.identify(
                swift, environment: place.environment, runner: ProcessCommandRunner())
        {
            build.record(key, binary: binary, swiftVersion: toolchain.version)
        }
        let took = RunLimits.text(seconds: Double(Int(Date().timeIntervalSince(started).rounded())))
        let root = directory.path + "/"
        let scratch =
            build.scratchPath.path.hasPrefix(root)
            ? String(build.scratchPath.path.dropFirst(root.count)) : build.scratchPath.path
        return "swift build --build-tests built \(binary.lastPathComponent) in \(took) (into \(scratch))"
    }
}

/// A failed build in doctor's words: the message and the compiler's first lines.
struct DoctorBuildError: LocalizedError {
    var record: InfrastructureError
    var errorDescription: String? {
        ([record.message] + record.details.prefix(5)).joined(separator: "\n    ")
    }
}

/// Read-only, best-effort look for an installed schedule of a pipeline.
enum DoctorSchedule {
    static let find: @Sendable (String, String, DoctorProbes.Place) -> [String] = { name, file, place in
        var found: [String] = []
        let crontab = try? ProcessCommandRunner().run(
            "crontab", ["-l"], environment: place.environment, currentDirectory: nil)
        if let crontab, crontab.exitStatus == 0, CrontabEntry.runs(crontab.outputText, pipelineFile: file) {
            found.append("a crontab line (crontab -l)")
        }
        let home = URL(fileURLWithPath: place.environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        let job = InstallPlan.jobName(pipelineName: name)
        let candidates = [
            ".config/systemd/user/\(job).timer",
            "Library/LaunchAgents/\(InstallPlan.launchdLabel(pipelineName: name)).plist",
        ]
        for path in candidates where FileManager.default.fileExists(atPath: home.appendingPathComponent(path).path) {
            found.append("~/\(path)")
        }
        return found
    }
}
