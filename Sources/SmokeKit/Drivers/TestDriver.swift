import Foundation
import SmokeCore

/// One way of running a pipeline's tests: SwiftPM's test binary or xcodebuild on pinned simulators. The run,
/// `doctor`, `bisect` and `culprit` never ask which, only what it can do.
protocol TestDriver: Sendable {
    var name: String { get }

    /// What `doctor` checks of it besides what every pipeline gets.
    var doctorChecks: DriverDoctorChecks { get }

    /// The SwiftPM package whose test binary smokerun runs itself (what `bisect` re-runs); nil when its tool runs them.
    var testBinaryPackage: SwiftPMSettings? { get }

    /// Builds and runs the tests, blocking: call it off the cooperative pool.
    func run(in context: RunContext) -> DriverResult

    /// The llvm tools that read the profiles this driver's tests write.
    func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools

    /// The folder coverage is scoped to: the package, or the project's folder.
    func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL

    /// Its settings pointed at a `culprit` worktree: `tests` only, every candidate built into `buildFolder`.
    func culpritCandidate(packageFolder: URL, buildFolder: URL, tests: [String]) -> Driver

    /// Builds the tests alone before a `culprit` step, throwing `BuildFailure`; a no-op for a tool that builds as it runs.
    func buildTests(in context: RunContext) throws

    /// Whether the error that ended a run before any test says the tests did not build.
    func stoppedAtBuild(_ error: InfrastructureError) -> Bool
}

struct DriverDoctorChecks: Sendable {
    /// Its tools exist on macOS only: elsewhere its toolchain and devices are skipped.
    var needsMacOS = false
    /// It runs the `swift` a run finds (`SMOKERUN_SWIFT` or `PATH`).
    var swiftToolchain = false
    /// Its pinned simulator profiles must resolve; otherwise it runs on this machine.
    var simulators = false
}

/// The drivers smokerun knows, each made from a pipeline whose `Driver` is its own.
package struct TestDrivers: Sendable {
    /// Each driver's maker: nil for a pipeline that is not its. The first that takes a pipeline drives it.
    var makers: [@Sendable (Pipeline) -> (any TestDriver)?]

    package static let standard = TestDrivers(makers: [
        SwiftPMDriver.init(pipeline:),
        XcodebuildDriver.init(pipeline:),
    ])

    func make(for pipeline: Pipeline) -> any TestDriver {
        for maker in makers {
            if let driver = maker(pipeline) { return driver }
        }
        preconditionFailure("no registered driver takes pipeline \(pipeline.name)'s \(pipeline.driver)")
    }

    /// The package `bisect` re-runs; nil when the pipeline's driver cannot bisect.
    package func bisectPackage(of pipeline: Pipeline) -> SwiftPMSettings? { make(for: pipeline).testBinaryPackage }

    /// The project under test, whose git checkout names a run's commit: the package smokerun builds, else its folder.
    package func projectFolder(of pipeline: Pipeline, currentDirectory: URL) -> URL {
        guard let package = bisectPackage(of: pipeline) else {
            return pipeline.projectRoot(currentDirectory: currentDirectory)
        }
        return pipeline.resolve(package.packagePath, currentDirectory: currentDirectory)
    }
}
