import Foundation
import SmokeCore

/// Runs an Xcode scheme's tests on each pinned simulator in turn (`DeviceRuns`), one `XcodebuildDeviceRun` per
/// device, and joins their results. The results come from the result bundles, so they are checked against the
/// bundles' own summary counts (the console holds xcodebuild's retelling of every invocation).
struct XcodebuildDriver: TestDriver {
    var settings: XcodebuildSettings
    var makeReader: @Sendable (any CommandRunning, [String: String]) -> any ResultBundleReading
    var name: String { "xcodebuild" }
    var doctorChecks: DriverDoctorChecks { DriverDoctorChecks(needsMacOS: true, simulators: true) }
    var testBinaryPackage: SwiftPMSettings? { nil }

    func run(in context: RunContext) -> DriverResult {
        let reader = makeReader(context.runner, context.environment)
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

    /// Xcode's own llvm tools (`xcrun --find`), over the Coverage.profdata xcodebuild merged and the app and test
    /// binaries in the derived data folder.
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
}
