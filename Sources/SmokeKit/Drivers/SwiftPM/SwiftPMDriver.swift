import Foundation
import SmokeCore

/// Runs a SwiftPM package's tests from its test binary, checking the console's results against the frameworks'.
struct SwiftPMDriver: TestDriver {
    var settings: SwiftPMSettings
    var name: String { "swiftpm" }
    var doctorChecks: DriverDoctorChecks { DriverDoctorChecks(swiftToolchain: true) }
    var testBinaryPackage: SwiftPMSettings? { settings }

    init?(pipeline: Pipeline) {
        guard case .swiftpm(let settings) = pipeline.driver else { return nil }
        self.settings = settings
    }

    func run(in context: RunContext) -> DriverResult {
        SwiftPMTestRun(settings: settings, context: context).run()
    }

    /// The toolchain's own llvm tools, beside the `swift` that built the tests.
    func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools {
        let swift = try SwiftToolchain.locate(environment: environment)
        return try ToolchainTools.locate(swift: swift, environment: environment, runner: runner)
    }

    func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL {
        pipeline.resolve(settings.packagePath, currentDirectory: currentDirectory)
    }

    func culpritCandidate(packageFolder: URL, buildFolder: URL, tests: [String]) -> Driver {
        var candidate = settings
        candidate.packagePath = packageFolder.path
        candidate.scratchPath = buildFolder.path
        candidate.filter = tests.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "$" }
        candidate.skip = []
        return .swiftpm(candidate)
    }

    func buildTests(in context: RunContext) throws {
        _ = try SwiftPMTestRun(settings: settings, context: context).buildTests()
    }

    /// Never: `buildTests` said it first.
    func stoppedAtBuild(_ error: InfrastructureError) -> Bool { false }
}
