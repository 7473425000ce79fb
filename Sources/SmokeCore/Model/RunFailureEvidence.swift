/// A line of a log that says the run failed, whatever its tests say: xcodebuild's own verdict (`** TEST FAILED **`,
/// `** TEST EXECUTE FAILED **`, `Testing failed:`), or the test process crashing while no test was running.
/// Reconciliation lists it when no test explains it, and then the run cannot pass (Documentation/Design.md §7.1).
package struct RunFailureEvidence: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        /// xcodebuild's failure banner, or its `Testing failed:` summary when it printed no banner.
        case xcodebuildVerdict
    }

    package var kind: Kind
    /// The input the line is in (a file name).
    package var source: String
    /// Its 1-based line number.
    package var line: Int
    /// The line's text, bounded.
    package var text: String
    /// The reasons xcodebuild's `Testing failed:` summary gave, one a line, as the log has them (empty when none).
    package var reasons: [String]

    package init(kind: Kind, source: String, line: Int, text: String, reasons: [String] = []) {
        self.kind = kind
        self.source = source
        self.line = line
        self.text = text.count > Self.textLimit ? String(text.prefix(Self.textLimit)) + "…" : text
        self.reasons = reasons
    }

    /// Characters of a line kept.
    static let textLimit = 200

    /// The report's error message, naming the line.
    package var message: String {
        switch kind {
        case .xcodebuildVerdict:
            """
            xcodebuild's own verdict is `\(text)` (\(source):\(line)), yet no test the input shows failed: the run \
            cannot pass
            """
        }
    }
}
