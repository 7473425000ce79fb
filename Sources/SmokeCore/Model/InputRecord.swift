/// How `parse` (or a run's live parsing) read one input: which format, which line prefix it
/// stripped (a CI job's timestamps), and how many lines it did not understand. Shown in every report
/// so an unusual input is visible, not only on stderr.
package struct InputRecord: Codable, Sendable, Equatable {
    private enum CodingKeys: String, CodingKey {
        case path, format, strippedPrefix, unrecognizedLines, firstUnrecognizedLine
    }

    /// The input's path as given (a file, a bundle), or `console.log` for a run.
    var path: String
    /// `console`, `eventStream`, `junit`, … as its `InputFormat` names it (`InputFormat.name`).
    var format: String
    /// The kind of per-line prefix removed before parsing (e.g. `github-actions-timestamp`), if any.
    var strippedPrefix: String?
    var unrecognizedLines: Int
    /// 1-based line number of the first line not understood.
    var firstUnrecognizedLine: Int?

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

    /// Every key always present (`null` when unknown), as everywhere in report.json.
    package func encode(to encoder: any Encoder) throws {
        try encoder.encodeEvery(
            CodingKeys.self,
            [
                .path: path, .format: format, .strippedPrefix: strippedPrefix, .unrecognizedLines: unrecognizedLines,
                .firstUnrecognizedLine: firstUnrecognizedLine,
            ])
    }
}
