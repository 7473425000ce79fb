import Foundation
import SmokeCore

/// One way of running a pipeline's tests: SwiftPM's test binary (`SwiftPMDriver`) or xcodebuild on pinned
/// simulators (`XcodebuildDriver`). `TestDrivers.make` picks one from the pipeline; the run, `doctor` and `bisect`
/// around it never ask which, only what it can do.
///
/// Adding a driver: a `Driver` case in the pipeline, a type conforming to this, and its line in `TestDrivers.make`.
protocol TestDriver: Sendable {
    /// The pipeline's key for it, as `doctor` names it.
    var name: String { get }

    /// What `doctor` checks of it besides what every pipeline gets.
    var doctorChecks: DriverDoctorChecks { get }

    /// The SwiftPM package whose test binary smokerun builds and runs itself: what `bisect` re-runs, what `doctor`'s
    /// build check builds, and whose `Tests/LinuxMain.swift` would choose the order. nil when the driver's tool builds
    /// and runs the tests, which `bisect` does not support.
    var testBinaryPackage: SwiftPMSettings? { get }

    /// Builds and runs the tests, blocking until they are done (call it off the cooperative pool, as
    /// `BlockingWork.run` does). The result holds the tests in run order, what the driver learned on the way, and
    /// its reading checked against the frameworks' or Xcode's own counts (`reconciliation`).
    func run(in context: RunContext) -> DriverResult

    /// The llvm tools that read the profiles this driver's tests write.
    func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools

    /// The folder coverage is scoped to: the package, or the project's folder.
    func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL
}

/// What `doctor` checks of a driver besides the checks every pipeline gets.
struct DriverDoctorChecks: Sendable {
    /// Its tools exist on macOS only: elsewhere its toolchain and devices are skipped.
    var needsMacOS = false
    /// It runs the `swift` a run finds (`SMOKERUN_SWIFT` or `PATH`).
    var swiftToolchain = false
    /// Its pinned simulator profiles must resolve; otherwise it runs on this machine.
    var simulators = false
}

/// The one switch over the pipeline's driver.
enum TestDrivers {
    /// - Parameter resultBundleReader: how an xcodebuild run reads its result bundles (tests pass a fake).
    static func make(
        for pipeline: Pipeline,
        resultBundleReader: @escaping @Sendable (any CommandRunning, [String: String]) -> any ResultBundleReading =
            ResultBundleReaderChoice.standard
    ) -> any TestDriver {
        switch pipeline.driver {
        case .swiftpm(let settings): SwiftPMDriver(settings: settings)
        case .xcodebuild(let settings): XcodebuildDriver(settings: settings, makeReader: resultBundleReader)
        }
    }
}

extension Pipeline {
    /// Its driver's `testBinaryPackage`: what `bisect` re-runs; nil when the driver cannot bisect.
    package var bisectPackage: SwiftPMSettings? { TestDrivers.make(for: self).testBinaryPackage }
}
