/// How `parse` (or a run's live parsing) read one input: which format, which line prefix it
/// stripped (a CI job's timestamps), and how many lines it did not understand. Shown in every report
/// so an unusual input is visible, not only on stderr.
package struct InputRecord: Codable, Sendable, Equatable {
    /// The input's path as given (a file, a bundle), or `console.log` for a run.
    package var path: String
    /// `xctest-log`, `swift-testing-events`, `xcresult`, … as `LogFormat` names it.
    package var format: String
    /// The kind of per-line prefix removed before parsing (e.g. `github-actions-timestamp`), if any.
    package var strippedPrefix: String?
    package var unrecognizedLines: Int
    /// 1-based line number of the first line not understood.
    package var firstUnrecognizedLine: Int?

    package init(
        path: String, format: String, strippedPrefix: String? = nil, unrecognizedLines: Int = 0,
        firstUnrecognizedLine: Int? = nil
    ) {
        self.path = path
        self.format = format
        self.strippedPrefix = strippedPrefix
        self.unrecognizedLines = unrecognizedLines
        self.firstUnrecognizedLine = firstUnrecognizedLine
    }
}
