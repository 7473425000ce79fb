import Foundation

/// A generated `.xctestplan` (Xcode's JSON test-plan format, version 1): the pipeline's environment
/// as `environmentVariableEntries`, and `testExecutionOrdering: random` for random runs. Pure.
package enum XcodeTestPlan {
    package static let fileName = "smokerun.xctestplan"

    /// The plan's JSON, keys sorted so the same pipeline always writes the same bytes.
    package static func render(environment: [String: String], random: Bool, coverage: Bool,
                               language: String?, region: String?) -> Data {
        var options: [String: Any] = [
            "environmentVariableEntries": environment.keys.sorted().map { ["key": $0, "value": environment[$0]!] },
            "codeCoverage": coverage,
        ]
        if random { options["testExecutionOrdering"] = "random" }
        if let language { options["language"] = language }
        if let region { options["region"] = region }
        let plan: [String: Any] = [
            "version": 1,
            // A fixed id: the plan is regenerated on every run and nothing refers to it by id.
            "configurations": [["id": "5A0C0E5E-0000-4000-8000-000000000001", "name": "smokerun", "options": [String: Any]()]],
            "defaultOptions": options,
            // Targets come from the scheme; the selection is passed as -only-testing/-skip-testing.
            "testTargets": [[String: Any]](),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: plan, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return data + Data("\n".utf8)
    }
}
