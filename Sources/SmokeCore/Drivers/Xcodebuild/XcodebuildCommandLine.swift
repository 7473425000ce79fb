import Foundation

/// The `xcodebuild` argument lists the driver runs (Documentation/Design.md §6). Pure, so every flag is tested exactly.
package struct XcodebuildCommandLine: Sendable, Equatable {
    var settings: XcodebuildSettings
    /// Absolute paths resolved from the pipeline; the container is nil for a Swift package, which
    /// xcodebuild reads from its current folder.
    var container: String?
    package var derivedDataPath: String
    var udid: String
    var coverage: Bool
    /// `timeouts.testSeconds`, handed to Xcode's own per-test time allowance.
    var testSeconds: Double
    var language: String?
    var region: String?
    /// `ordering.workers`: more than 1 asks xcodebuild for that many parallel test runners (simulator clones).
    package var workers = 1

    package init(
        settings: XcodebuildSettings, container: String?, derivedDataPath: String, udid: String, coverage: Bool,
        testSeconds: Double, language: String? = nil, region: String? = nil
    ) {
        self.settings = settings
        self.container = container
        self.derivedDataPath = derivedDataPath
        self.udid = udid
        self.coverage = coverage
        self.testSeconds = testSeconds
        self.language = language
        self.region = region
    }

    /// What every action shares: the project, scheme, plan, device and derived data.
    var common: [String] {
        var arguments: [String] = []
        if let container { arguments += [settings.workspace != nil ? "-workspace" : "-project", container] }
        arguments += ["-scheme", settings.scheme]
        if let plan = settings.testPlan { arguments += ["-testPlan", plan] }
        arguments += ["-destination", "id=\(udid)", "-derivedDataPath", derivedDataPath]
        if coverage { arguments += ["-enableCodeCoverage", "YES"] }
        return arguments
    }

    /// `xcodebuild build-for-testing …`, once per run.
    package var buildForTesting: [String] {
        ["build-for-testing"] + common
    }

    /// `xcodebuild test-without-building … -enumerate-tests`: the test ids, as JSON, into `output` (Xcode 16+).
    package func enumerateTests(output: String) -> [String] {
        ["test-without-building"] + common + selection(only: [])
            + ["-enumerate-tests", "-test-enumeration-format", "json", "-test-enumeration-output-path", output]
    }

    /// `xcodebuild test-without-building …` for one batch.
    /// - Parameters:
    ///   - only: tests to run, in order, as xcodebuild identifiers (`Target/Class/method`); empty runs the
    ///     pipeline's own `onlyTesting`/`skipTesting` selection.
    ///   - resultBundle: a fresh path; xcodebuild refuses one that exists.
    package func testWithoutBuilding(only: [String], resultBundle: String) -> [String] {
        var arguments =
            ["test-without-building"] + common + selection(only: only) + ["-resultBundlePath", resultBundle]
        // Xcode counts allowances in whole minutes (rounding up), so less than 60 means 60.
        let seconds = String(Int(clampingRounded: max(60, testSeconds.rounded(.up))))
        arguments += [
            "-test-timeouts-enabled", "YES", "-default-test-execution-time-allowance", seconds,
            "-maximum-test-execution-time-allowance", seconds,
        ]
        if let language { arguments += ["-testLanguage", language] }
        if let region { arguments += ["-testRegion", region] }
        if workers > 1 {
            arguments += ["-parallel-testing-enabled", "YES", "-parallel-testing-worker-count", String(workers)]
        }
        return arguments
    }

    private func selection(only: [String]) -> [String] {
        if !only.isEmpty { return only.map { "-only-testing:\($0)" } }
        return settings.onlyTesting.map { "-only-testing:\($0)" } + settings.skipTesting.map { "-skip-testing:\($0)" }
    }

    /// The environment xcodebuild runs with: smokerun's, unbuffered output, and each pipeline variable (and each of
    /// `Pipeline.testEnvironmentDefaults` neither it nor `base` sets) as `TEST_RUNNER_<KEY>` (xcodebuild strips the
    /// prefix and hands it to the tests), with the run's `scratch` folder as `SMOKERUN_SCRATCH_DIR`.
    package static func environment(
        base: [String: String], pipeline: [String: String], scratch: String? = nil
    ) -> [String: String] {
        var environment = base
        environment["NSUnbufferedIO"] = "YES"
        for (key, value) in pipeline { environment["TEST_RUNNER_\(key)"] = value }
        for (key, value) in Pipeline.testEnvironmentDefaults where environment["TEST_RUNNER_\(key)"] == nil {
            environment["TEST_RUNNER_\(key)"] = value
        }
        if let scratch { environment["TEST_RUNNER_\(SwiftPMTestEnvironment.scratchVariable)"] = scratch }
        return environment
    }

    /// What the tests saw of the pipeline's variables and the defaults in `environment` (xcodebuild's), report.json's
    /// `environment`.
    package static func testVariables(_ environment: [String: String], pipeline: [String: String]) -> [String: String] {
        var seen: [String: String] = [:]
        for key in Set(pipeline.keys).union(Pipeline.testEnvironmentDefaults.keys) {
            seen[key] = environment["TEST_RUNNER_\(key)"]
        }
        return seen
    }

    /// `en_US` → `US`, the region xcodebuild's `-testRegion` takes.
    package static func region(ofLocale locale: String?) -> String? {
        guard let locale else { return nil }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." })
        return parts.count >= 2 ? String(parts[1]) : nil
    }
}
