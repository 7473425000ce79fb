/// What one framework said about the run in its own words (XCTest's `Executed N tests, with M
/// failures`, Swift Testing's `Test run with N tests`, a result bundle's summary counts), read
/// independently of the per-test parsing.
package struct FrameworkCount: Codable, Sendable, Equatable, Hashable {
    /// `xctest`, `swift-testing` or `xcresult`.
    package var framework: String
    /// Executions for XCTest, tests for Swift Testing, test cases for a bundle.
    var tests: Int
    package var failures: Int
    /// Where the count was read: a file and line, or a bundle's summary.
    var from: String

    package init(framework: String, tests: Int, failures: Int, from: String) {
        self.framework = framework
        self.tests = tests
        self.failures = failures
        self.from = from
    }
}

/// smokerun's totals compared with the frameworks' own (`report.json`'s `reconciliation`, DESIGN §6).
package struct Reconciliation: Codable, Sendable, Equatable {
    var sources: [FrameworkCount]
    package var agrees: Bool
    /// One sentence per disagreement, naming both counts.
    var differences: [String]

    init(sources: [FrameworkCount], differences: [String]) {
        self.sources = sources
        self.agrees = differences.isEmpty
        self.differences = differences
    }
}
