import Foundation
import SmokeCore

/// The build check: `swift build --build-tests` into smokerun's own scratch folder, as `run` builds.
enum DoctorBuild {
    static let run: @Sendable (Pipeline, SwiftPMSettings?, DoctorProbes.Place, TimeInterval) throws -> String = {
        pipeline, package, place, seconds in
        guard let settings = package else { return "nothing to build here" }
        let directory = place.currentDirectory
        let swift = try SwiftToolchain.locate(environment: place.environment)
        // As `run` builds: the physical paths, in the build folder's turn (never under another run's tests).
        let named = pipeline.scratchDirectory(for: settings, currentDirectory: directory)
        let folder = POSIXFile.physical(named)
        var build = SwiftPMBuild(
            swift: swift,
            packageRoot: POSIXFile.physical(pipeline.resolve(settings.packagePath, currentDirectory: directory)),
            scratchPath: folder, configuration: settings.configuration, coverage: pipeline.coverage.enabled,
            environment: place.environment, console: try ConsoleLog(url: nil))
        build.excluded = [pipeline.resolve(pipeline.output, currentDirectory: directory)]
        let started = SystemClock.now()
        let limits = RunLimits(
            testSeconds: seconds, runDeadline: started.addingTimeInterval(seconds), cancellation: CancellationFlag())
        let turn = try BuildFolderTurn(scratch: folder, stop: limits.stopText, tell: place.note)
        defer { turn.end() }
        let key: BuildStamp.Key?
        switch build.check() {
        case .fresh(_, _, let inputs):
            return "up to date (\(inputs) files and folders unchanged since smokerun's last build)"
        case .stale(let stale):
            key = stale
        }
        let binary: URL
        do {
            try turn.startBuilding()
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
        let took = RunLimits.text(seconds: Double(Int(SystemClock.now().timeIntervalSince(started).rounded())))
        let root = directory.path + "/"
        let scratch = named.path.hasPrefix(root) ? String(named.path.dropFirst(root.count)) : named.path
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
