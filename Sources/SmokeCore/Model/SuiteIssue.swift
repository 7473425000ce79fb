/// An issue a Swift Testing suite recorded outside its tests: its scoping trait or `init` threw, so none of its tests
/// ran (Documentation/Design.md §7.1). A run fails each listed test of the suite with it; a parse fails the run. With
/// no suite, an issue recorded outside any test (`✘ Test «unknown» …`, a detached task): it fails the run, no test.
package struct SuiteIssue: Sendable, Equatable {
    /// The stream's suite id (`Module.Suite`, `Module.Outer/Inner`), or the console's name (`Inner`, a display name);
    /// nil for an issue outside any test.
    package var suite: String?
    package var failure: TestFailure
    package var evidence: Evidence

    package init(suite: String?, failure: TestFailure, evidence: Evidence) {
        (self.suite, self.failure, self.evidence) = (suite, failure, evidence)
    }

    /// Whether the test with this id (`Module.Suite/f()`, `Module.Outer/Inner/f()`) is the suite's, nested suites
    /// included. A stream id is the test id's start; a console name is one of the id's suite components.
    package func contains(testID: String) -> Bool {
        guard let suite else { return false }
        if suite.contains(".") { return testID.hasPrefix(suite + "/") }
        guard let dot = testID.firstIndex(of: "."), let slash = testID.lastIndex(of: "/"), dot < slash else {
            return false
        }
        return testID[testID.index(after: dot)..<slash].split(separator: "/").contains { $0 == suite }
    }

    /// The issue as the run's failure, read from `source`: where its line is, and what it said.
    package func runFailure(source: String) -> RunFailureEvidence {
        let location = failure.file.map { " at \($0)\(failure.line.map { ":\($0)" } ?? "")" } ?? ""
        return RunFailureEvidence(
            kind: suite == nil ? .issueOutsideTests : .suiteIssue, source: evidence.source ?? source,
            line: evidence.line ?? 0,
            text: "\(suite.map { "Suite \($0)" } ?? "Test «unknown»") recorded an issue\(location): \(failure.message)")
    }
}
