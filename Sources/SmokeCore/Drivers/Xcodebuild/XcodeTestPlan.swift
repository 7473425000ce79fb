import Foundation

/// A generated `.xctestplan` (Xcode's JSON test-plan format, version 1): the pipeline's environment
/// as `environmentVariableEntries`, and `testExecutionOrdering: random` for random runs. Pure.
package struct XcodeTestPlan: Encodable, Sendable, Equatable {
    package static let fileName = "smokerun.xctestplan"

    struct Configuration: Encodable, Sendable, Equatable {
        var id: String
        var name: String
        var options: [String: String] = [:]
    }

    struct Options: Encodable, Sendable, Equatable {
        var codeCoverage: Bool
        var environmentVariableEntries: [Entry]
        var language: String?
        var region: String?
        var testExecutionOrdering: String?
    }

    struct Entry: Encodable, Sendable, Equatable {
        var key: String
        var value: String
    }

    struct Target: Encodable, Sendable, Equatable {}

    // A fixed id: the plan is regenerated on every run and nothing refers to it by id.
    var configurations = [Configuration(id: "5A0C0E5E-0000-4000-8000-000000000001", name: "smokerun")]
    var defaultOptions: Options
    // Targets come from the scheme; the selection is passed as -only-testing/-skip-testing.
    var testTargets: [Target] = []
    var version = 1

    /// The plan's JSON, keys sorted so the same pipeline always writes the same bytes.
    package static func render(
        environment: [String: String], random: Bool, coverage: Bool, language: String?, region: String?
    ) -> Data {
        let plan = XcodeTestPlan(
            defaultOptions: Options(
                codeCoverage: coverage,
                environmentVariableEntries: environment.keys.sorted().map { Entry(key: $0, value: environment[$0]!) },
                language: language, region: region, testExecutionOrdering: random ? "random" : nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(plan)) ?? Data()) + Data("\n".utf8)
    }
}
