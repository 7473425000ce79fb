import Foundation

/// What a SwiftPM test process is given: smokerun's environment without its own variables, the pipeline's
/// `environment`, the defaults it leaves unset, `TZ`/`LANG` from the device's `timeZone`/`locale`, and smokerun's
/// variables for the run — each later one winning over an earlier one that names the same variable. Pure.
package enum SwiftPMTestEnvironment {
    /// The run's folder for files tests leave behind.
    package static let scratchVariable = "SMOKERUN_SCRATCH_DIR"

    /// Set by smokerun for every test process, whatever the pipeline's `environment` says, and what each is for.
    package static let runVariables: [(key: String, purpose: String)] = [
        ("LLVM_PROFILE_FILE", "where coverage profiles go"),
        ("NSUnbufferedIO", "output that reaches the log as it is printed"),
        (scratchVariable, "the run's scratch folder"),
    ]

    /// `TZ` and `LANG` as the device pins them, each with the key that pins it and what that key says.
    package static func deviceVariables(_ device: DeviceProfile) -> [DeviceVariable] {
        var variables: [DeviceVariable] = []
        if let zone = device.timeZone { variables.append(DeviceVariable("TZ", "device.timeZone", zone, zone)) }
        if let locale = device.locale {
            let lang = locale.contains(".") ? locale : locale + ".UTF-8"
            variables.append(DeviceVariable("LANG", "device.locale", locale, lang))
        }
        return variables
    }

    /// A variable a device setting decides: `TZ` from `device.timeZone`.
    package struct DeviceVariable: Sendable {
        package var key: String
        package var setting: String
        package var written: String
        package var value: String

        init(_ key: String, _ setting: String, _ written: String, _ value: String) {
            (self.key, self.setting, self.written, self.value) = (key, setting, written, value)
        }
    }

    /// The whole environment of a test process started from `inherited` (smokerun's own environment).
    package static func variables(
        _ pipeline: Pipeline, inherited: [String: String], scratch: String, profilePattern: String
    ) -> [String: String] {
        var environment = pipeline.withoutOwnVariables(inherited)
        for (key, value) in pipeline.environment { environment[key] = value }
        for (key, value) in Pipeline.testEnvironmentDefaults where environment[key] == nil { environment[key] = value }
        for variable in deviceVariables(pipeline.device) { environment[variable.key] = variable.value }
        // %p (pid) and %m (binary signature): no two processes write the same profile.
        environment["LLVM_PROFILE_FILE"] = profilePattern
        environment["NSUnbufferedIO"] = "YES"
        // A folder tests may leave files in (a retry sees what the first attempt left).
        environment[scratchVariable] = scratch
        return environment
    }

    /// What report.json records of `environment` (a test process's): the variables that decide how the tests
    /// behave — the pipeline's, the defaults, the device's — and any run variable the pipeline names, each with
    /// the value the tests saw. Inherited variables and smokerun's plumbing stay out.
    package static func recorded(_ environment: [String: String], pipeline: Pipeline) -> [String: String] {
        var keys = Set(pipeline.environment.keys).union(Pipeline.testEnvironmentDefaults.keys)
        keys.formUnion(deviceVariables(pipeline.device).map(\.key))
        return environment.filter { keys.contains($0.key) }
    }

    /// The pipeline's `environment` keys that the device or smokerun's run variables overrule.
    package static func overrides(in pipeline: Pipeline) -> [EnvironmentOverride] {
        var overrides: [EnvironmentOverride] = []
        for variable in deviceVariables(pipeline.device) {
            guard let written = pipeline.environment[variable.key], written != variable.value else { continue }
            let (key, setting, pinned, value) = (variable.key, variable.setting, variable.written, variable.value)
            overrides.append(
                EnvironmentOverride(
                    message:
                        """
                        environment.\(key) ('\(written)') and \(setting) ('\(pinned)') both set \(key) for the tests; \
                        \(setting) wins, so the tests see \(key)=\(value)
                        """,
                    fix: "remove environment.\(key), or change \(setting) if the tests should see '\(written)'"))
        }
        for (key, purpose) in runVariables {
            guard let written = pipeline.environment[key] else { continue }
            overrides.append(
                EnvironmentOverride(
                    message:
                        """
                        environment.\(key) ('\(written)') is a variable smokerun sets for every test process \
                        (\(purpose)); smokerun's value wins, so the tests never see '\(written)'
                        """,
                    fix: "remove environment.\(key)"))
        }
        return overrides
    }
}
