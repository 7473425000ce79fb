/// A test that failed after other tests of its process, passed on a retry alone, and failed again when run once more
/// after those tests (`OrderRecheck`): it depends on what ran before it, so it is failing, not flaky.
package struct OrderDependence: Codable, Sendable, Equatable {
    /// The tests that ran before it in its process, in their order: what it failed after, twice.
    package var after: [String]

    package init(after: [String]) {
        self.after = after
    }

    /// The one wording every report and message uses; `code` formats the bisect command for its medium.
    package func text(testID: String, runID: String, code: (String) -> String = { $0 }) -> String {
        let earlier = after.count == 1 ? "1 test" : "\(after.count) tests"
        let command = code(Self.bisectCommand(runID: runID, testID: testID))
        return """
            passes alone but fails after the \(earlier) that ran before it in its process (run again after them, it \
            failed again): order-dependent, not flaky; \(command) names the test it depends on
            """
    }

    /// `smokerun bisect RUN TEST`, quoted for a POSIX shell.
    package static func bisectCommand(runID: String, testID: String) -> String {
        "smokerun bisect \(ShellWord.quoted(runID)) \(ShellWord.quoted(testID))"
    }
}
