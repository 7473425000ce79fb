import Foundation
import SmokeCore

/// Runs an Xcode scheme's tests on each pinned simulator in turn, checked against the bundles' own counts.
struct XcodebuildDriver: TestDriver {
    var settings: XcodebuildSettings
    var name: String { "xcodebuild" }
    var doctorChecks: DriverDoctorChecks { DriverDoctorChecks(needsMacOS: true, simulators: true) }
    var testBinaryPackage: SwiftPMSettings? { nil }

    init?(pipeline: Pipeline) {
        guard case .xcodebuild(let settings) = pipeline.driver else { return nil }
        self.settings = settings
    }

    func run(in context: RunContext) -> DriverResult {
        let reader = XCResultToolReader(runner: context.runner, environment: context.environment)
        let parts = DeviceRuns.run(context: context) { one, folder in
            var device = XcodebuildDeviceRun(settings: settings, context: one, reader: reader)
            device.deviceFolder = folder
            return device.run()
        }
        let fallback = DriverResult(
            device: HostDevice.resolve(context.pipeline.device, environment: context.environment))
        var joined = DeviceRuns.join(parts, fallback: fallback)
        joined.reconciliation = Reconciliation.compare(bundles: joined.bundles)
        return joined
    }

    func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools {
        try ToolchainTools.locate(environment: environment, runner: runner)
    }

    /// The project root, or a Swift package's own folder (so `coverage.include` reads `Sources/` as for SwiftPM).
    func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL {
        if let packagePath = settings.packagePath {
            return pipeline.resolve(packagePath, currentDirectory: currentDirectory)
        }
        return pipeline.projectRoot(currentDirectory: currentDirectory)
    }

    func culpritCandidate(packageFolder: URL, buildFolder: URL, tests: [String]) -> Driver {
        var candidate = settings
        candidate.packagePath = settings.packagePath.map { _ in packageFolder.path }
        candidate.workspace = settings.workspace.map { packageFolder.appendingPathComponent($0).path }
        candidate.project = settings.project.map { packageFolder.appendingPathComponent($0).path }
        candidate.derivedDataPath = buildFolder.path
        candidate.onlyTesting = tests
        candidate.skipTesting = []
        return .xcodebuild(candidate)
    }

    /// Nothing: xcodebuild builds as it runs.
    func buildTests(in context: RunContext) throws {}

    func stoppedAtBuild(_ error: InfrastructureError) -> Bool { error.message.contains("build") }
}
