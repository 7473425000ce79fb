import Foundation
import SmokeCore

/// One way of running a pipeline's tests: SwiftPM's test binary (`SwiftPMDriver`) or xcodebuild on pinned
/// simulators (`XcodebuildDriver`). `TestDrivers.make` picks one from the pipeline; the run around it never asks
/// which.
///
/// Adding a driver: a `Driver` case in the pipeline, a type conforming to this, and its line in `TestDrivers.make`.
protocol TestDriver: Sendable {
    /// Builds and runs the tests, blocking until they are done (call it off the cooperative pool, as
    /// `BlockingWork.run` does). The result holds the tests in run order, what the driver learned on the way, and
    /// its reading checked against the frameworks' or Xcode's own counts (`reconciliation`).
    func run(in context: RunContext) -> DriverResult

    /// The llvm tools that read the profiles this driver's tests write.
    func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools

    /// The folder coverage is scoped to: the package, or the project's folder.
    func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL
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
