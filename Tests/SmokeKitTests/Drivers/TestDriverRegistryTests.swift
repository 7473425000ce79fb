import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A driver plugs in with one type and one registry line: a toy that "runs" its tests by writing what XCTest would
/// print goes through the same `SmokeRun` → `LiveRun` → `RunPipeline` as the real drivers, and its report's statuses
/// are what its output said.
@Suite struct TestDriverRegistryTests {
    /// The toy: its tests' output is given; the console parser reads it as it reads any driver's.
    struct EchoDriver: TestDriver {
        var output: String
        var driver: Driver
        var name: String { "echo" }
        var doctorChecks: DriverDoctorChecks { DriverDoctorChecks() }
        var testBinaryPackage: SwiftPMSettings? { nil }

        func run(in context: RunContext) -> DriverResult {
            let device = HostDevice.resolve(context.pipeline.device, environment: context.environment)
            var result = DriverResult(device: device)
            let log = context.runFolder.file("echo.log")
            do {
                try Data(output.utf8).write(to: log)
                let parsed = try LogParser().parse(files: [log])
                result.tests = parsed.results
                result.unrecognizedLines = parsed.unrecognizedLineCount
            } catch {
                result.errors.append(InfrastructureError(message: "echo: \(error.localizedDescription)"))
            }
            return result
        }

        struct NoCoverage: Error {}
        func coverageTools(environment: [String: String], runner: any CommandRunning) throws -> ToolchainTools {
            throw NoCoverage()
        }
        func coverageRoot(of pipeline: Pipeline, currentDirectory: URL) -> URL { currentDirectory }
        func culpritCandidate(packageFolder: URL, buildFolder: URL, tests: [String]) -> Driver { driver }
        func buildTests(in context: RunContext) throws {}
        func stoppedAtBuild(_ error: InfrastructureError) -> Bool { false }
    }

    static let output = """
        Test Suite 'CartTests' started at 2026-11-28 10:00:00.000
        Test Case '-[ToyTests.CartTests testAdds]' started.
        Test Case '-[ToyTests.CartTests testAdds]' passed (0.010 seconds).
        Test Case '-[ToyTests.CartTests testTotals]' started.
        /src/ToyTests/CartTests.swift:12: error: -[ToyTests.CartTests testTotals] : XCTAssertEqual failed: ("3") is not equal to ("4")
        Test Case '-[ToyTests.CartTests testTotals]' failed (0.020 seconds).

        """

    @Test func aToyDriverRegisteredWithOneLineRunsThroughTheRunAndItsReportSaysWhatItPrinted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pipeline = Pipeline(name: "toy", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        var context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        context.drivers.makers.insert(
            { $0.name == "toy" ? EchoDriver(output: Self.output, driver: $0.driver) : nil }, at: 0)
        var options = SmokeRun.Options()
        options.output = "out"
        let outcome = await SmokeRun(
            pipeline: pipeline, options: options, context: context, cancellation: CancellationFlag()
        ).execute()

        let statuses = outcome.report.tests.map { "\($0.id) \($0.status.rawValue)" }
        #expect(statuses == ["ToyTests.CartTests/testAdds passed", "ToyTests.CartTests/testTotals failed"])
        #expect(outcome.report.status == .failed, "\(outcome.report.errors)")
        #expect(outcome.failure == .testsFailed)
        let stored = try RunReportFile.load(at: outcome.runDirectory)
        #expect(stored.tests.map { "\($0.id) \($0.status.rawValue)" } == statuses)
        #expect(stored.tests.last?.failures.first?.message.contains("XCTAssertEqual failed") == true)
    }

    @Test func theStandardDriversTakeTheirOwnPipelinesOnly() {
        let swiftpm = Pipeline(name: "a", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        let xcodebuild = Pipeline(name: "b", driver: .xcodebuild(XcodebuildSettings(scheme: "App")))
        #expect(TestDrivers.standard.make(for: swiftpm).name == "swiftpm")
        #expect(TestDrivers.standard.make(for: xcodebuild).name == "xcodebuild")
        #expect(TestDrivers.standard.bisectPackage(of: swiftpm)?.packagePath == ".")
        #expect(TestDrivers.standard.bisectPackage(of: xcodebuild) == nil)
    }
}
