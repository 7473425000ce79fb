/// What proved a test's `failed`, `crashed` or `timedOut` status: the input line that said so, or a fact smokerun
/// saw itself (an exit status, a signal, its own deadline). A status without evidence is not a failure.
/// A class, so a test result holds it as one reference (see Documentation/Performance.md).
package final class Evidence: Codable, Sendable, Hashable {
    /// What said so, in words: `result line`, `issue`, `fatal error`, `exit status 1`, `timeouts.testSeconds` ….
    package let what: String
    /// The input that said so (a file name, `output of Tests.xctest`, a bundle), or nil for smokerun's own fact.
    package let source: String?
    /// The 1-based line of `source` that said so, when it is a text input.
    package let line: Int?

    package init(what: String, source: String? = nil, line: Int? = nil) {
        self.what = what
        self.source = source
        self.line = line
    }

    package static func == (left: Evidence, right: Evidence) -> Bool {
        left.what == right.what && left.source == right.source && left.line == right.line
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(what)
        hasher.combine(source)
        hasher.combine(line)
    }

    /// `what (source:line)`, `what (source)` or `what`: how reports show it.
    package var description: String {
        guard let source else { return what }
        guard let line else { return "\(what) (\(source))" }
        return "\(what) (\(source):\(line))"
    }
}

extension TestResult {
    /// Gives the test, and each of its failing attempts, the evidence `record` names for a failing status that has
    /// none: for a reader whose input records statuses itself (a result bundle, an xcresulttool document).
    package mutating func recordMissingEvidence(_ record: (TestStatus) -> Evidence) {
        if status.isFailure, evidence == nil { evidence = record(status) }
        for index in attempts.indices where attempts[index].status.isFailure && attempts[index].evidence == nil {
            attempts[index].evidence = record(attempts[index].status)
        }
    }
}
