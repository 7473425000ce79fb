import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The exact xcodebuild argument lists and environment.
@Suite struct XcodebuildCommandLineTests {
    static func commandLine(
        coverage: Bool = true, only: [String] = [], skip: [String] = [], plan: String? = nil, workspace: Bool = false
    ) -> XcodebuildCommandLine {
        var settings = XcodebuildSettings(scheme: "SmokeApp")
        if workspace { settings.workspace = "SmokeApp.xcworkspace" } else { settings.project = "SmokeApp.xcodeproj" }
        settings.onlyTesting = only
        settings.skipTesting = skip
        settings.testPlan = plan
        return XcodebuildCommandLine(
            settings: settings, container: "/p/SmokeApp.xcodeproj", derivedDataPath: "/p/.smokerun/DerivedData/smoke",
            udid: "UDID-1", coverage: coverage, testSeconds: 300, language: "en", region: "US")
    }

    @Test func buildForTestingNamesProjectSchemeDeviceAndDerivedData() {
        #expect(
            Self.commandLine().buildForTesting == [
                "build-for-testing", "-project", "/p/SmokeApp.xcodeproj", "-scheme", "SmokeApp", "-destination",
                "id=UDID-1",
                "-derivedDataPath", "/p/.smokerun/DerivedData/smoke", "-enableCodeCoverage", "YES",
            ])
        #expect(
            Self.commandLine(coverage: false, plan: "Smoke", workspace: true).buildForTesting == [
                "build-for-testing", "-workspace", "/p/SmokeApp.xcodeproj", "-scheme", "SmokeApp", "-testPlan", "Smoke",
                "-destination", "id=UDID-1", "-derivedDataPath", "/p/.smokerun/DerivedData/smoke",
            ])
    }

    /// A Swift package has no container: xcodebuild reads it from its current folder.
    @Test func aPackageIsBuiltWithoutProjectOrWorkspace() {
        var settings = XcodebuildSettings(scheme: "TipCalculator")
        settings.packagePath = "Tests/Fixtures/TipCalculator"
        let commandLine = XcodebuildCommandLine(
            settings: settings, container: nil, derivedDataPath: "/p/dd", udid: "UDID-1", coverage: false,
            testSeconds: 300)
        #expect(
            commandLine.buildForTesting == [
                "build-for-testing", "-scheme", "TipCalculator", "-destination", "id=UDID-1", "-derivedDataPath",
                "/p/dd",
            ])
    }

    @Test func aBatchRunsOnlyItsTestsInOrderIntoAFreshBundleWithXcodesTimeAllowance() {
        #expect(
            Self.commandLine(skip: ["SmokeAppUITests"]).testWithoutBuilding(
                only: ["T/C/b", "T/C/a"], resultBundle: "/r/1.xcresult") == [
                    "test-without-building", "-project", "/p/SmokeApp.xcodeproj", "-scheme", "SmokeApp", "-destination",
                    "id=UDID-1",
                    "-derivedDataPath", "/p/.smokerun/DerivedData/smoke", "-enableCodeCoverage", "YES",
                    "-only-testing:T/C/b", "-only-testing:T/C/a", "-resultBundlePath", "/r/1.xcresult",
                    "-test-timeouts-enabled", "YES", "-default-test-execution-time-allowance", "300",
                    "-maximum-test-execution-time-allowance", "300",
                    "-testLanguage", "en", "-testRegion", "US",
                ])
    }

    @Test func moreThanOneWorkerAsksXcodebuildForThatManyParallelTestRunners() {
        var commandLine = Self.commandLine()
        #expect(
            !commandLine.testWithoutBuilding(only: [], resultBundle: "/r/1.xcresult").contains(
                "-parallel-testing-enabled"))
        commandLine.workers = 3
        #expect(
            commandLine.testWithoutBuilding(only: [], resultBundle: "/r/1.xcresult").suffix(4)
                == ["-parallel-testing-enabled", "YES", "-parallel-testing-worker-count", "3"])
    }

    @Test func withoutATestListThePipelinesSelectionIsPassed() {
        let arguments = Self.commandLine(only: ["SmokeAppTests"], skip: ["SmokeAppTests/SlowTests"])
            .testWithoutBuilding(only: [], resultBundle: "/r/1.xcresult")
        #expect(arguments.contains("-only-testing:SmokeAppTests"))
        #expect(arguments.contains("-skip-testing:SmokeAppTests/SlowTests"))
    }

    @Test func enumerationWritesJSONToTheGivenPath() {
        #expect(
            Self.commandLine(coverage: false).enumerateTests(output: "/r/tests.json") == [
                "test-without-building", "-project", "/p/SmokeApp.xcodeproj", "-scheme", "SmokeApp", "-destination",
                "id=UDID-1",
                "-derivedDataPath", "/p/.smokerun/DerivedData/smoke",
                "-enumerate-tests", "-test-enumeration-format", "json", "-test-enumeration-output-path",
                "/r/tests.json",
            ])
    }

    @Test func pipelineVariablesBecomeTestRunnerVariablesAndOutputIsUnbuffered() {
        let environment = XcodebuildCommandLine.environment(
            base: ["PATH": "/usr/bin"], pipeline: ["IS_UNIT_TESTING": "1", "API": "stub"])
        #expect(
            environment == [
                "PATH": "/usr/bin", "NSUnbufferedIO": "YES", "TEST_RUNNER_IS_UNIT_TESTING": "1",
                "TEST_RUNNER_API": "stub", "TEST_RUNNER_SNAPSHOT_TESTING_RECORD": "never",
            ])
        // A pipeline that asks snapshot tests to record keeps its choice.
        let recording = XcodebuildCommandLine.environment(base: [:], pipeline: ["SNAPSHOT_TESTING_RECORD": "missing"])
        #expect(recording["TEST_RUNNER_SNAPSHOT_TESTING_RECORD"] == "missing")
        // A CI job's own `TEST_RUNNER_SNAPSHOT_TESTING_RECORD` (xcodebuild's documented way) is kept too.
        let hosted = XcodebuildCommandLine.environment(
            base: ["TEST_RUNNER_SNAPSHOT_TESTING_RECORD": "all"], pipeline: ["IS_UNIT_TESTING": "1"])
        #expect(hosted["TEST_RUNNER_SNAPSHOT_TESTING_RECORD"] == "all")
        // The run's scratch folder reaches the tests as it does under `swift test`, even over the pipeline's; report.json
        // records what the tests saw.
        let pipeline = ["IS_UNIT_TESTING": "1", "SMOKERUN_SCRATCH_DIR": "/mine"]
        let scratch = XcodebuildCommandLine.environment(base: [:], pipeline: pipeline, scratch: "/r/scratch")
        #expect(scratch["TEST_RUNNER_SMOKERUN_SCRATCH_DIR"] == "/r/scratch")
        #expect(
            XcodebuildCommandLine.testVariables(scratch, pipeline: pipeline) == [
                "IS_UNIT_TESTING": "1", "SMOKERUN_SCRATCH_DIR": "/r/scratch", "SNAPSHOT_TESTING_RECORD": "never",
            ])
        #expect(XcodebuildCommandLine.testVariables(hosted, pipeline: [:]) == ["SNAPSHOT_TESTING_RECORD": "all"])
    }

    @Test(arguments: [("en_US", "US"), ("de-DE", "DE"), ("en_GB.UTF-8", "GB"), ("en", nil)] as [(String, String?)])
    func regionComesFromTheLocale(locale: String, region: String?) {
        #expect(XcodebuildCommandLine.region(ofLocale: locale) == region)
    }

    @Test func xcodeVersionReadsNameAndBuild() {
        let version = XcodebuildDeviceRun.version(fromOutput: "Xcode 16.2\nBuild version 16C5032a\n")
        #expect(version == "Xcode 16.2 (16C5032a)")
        #expect(XcodebuildDeviceRun.version(fromOutput: "Xcode 15.4\n") == "Xcode 15.4")
    }
}
