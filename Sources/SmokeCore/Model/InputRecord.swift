/// How `parse` (or a run's live parsing) read one input: its format, the line prefix it stripped (CI timestamps), and
/// the lines it did not understand, shown in every report. A parsed file is named by real path, size and SHA-256, not
/// copied (`--keep-input` copies it as console.log).
package struct InputRecord: Codable, Sendable, Equatable {
    private enum CodingKeys: String, CodingKey {
        case path, format, strippedPrefix, unrecognizedLines, firstUnrecognizedLine, bytes, sha256
    }

    /// The input's absolute path, links resolved (a file, a bundle), or `console.log` for a run.
    package var path: String
    /// `console`, `eventStream`, `junit`, … as its `InputFormat` names it (`InputFormat.name`).
    var format: String
    /// The kind of per-line prefix removed before parsing (e.g. `github-actions-timestamp`), if any.
    var strippedPrefix: String?
    var unrecognizedLines: Int
    var firstUnrecognizedLine: Int?
    /// The bytes read, for an input `parse` read as a stream of bytes (nil for a run's own console.log and a bundle).
    package var bytes: Int?
    /// SHA-256 of those bytes, lowercase hex, computed as they were read: which file this was, wherever it is now.
    package var sha256: String?

    package init(
        path: String, format: String, strippedPrefix: String? = nil, unrecognizedLines: Int = 0,
        firstUnrecognizedLine: Int? = nil, bytes: Int? = nil, sha256: String? = nil
    ) {
        self.path = path
        self.format = format
        self.strippedPrefix = strippedPrefix
        self.unrecognizedLines = unrecognizedLines
        self.firstUnrecognizedLine = firstUnrecognizedLine
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// Every key always present (`null` when unknown), as everywhere in report.json.
    package func encode(to encoder: any Encoder) throws {
        try encoder.encodeEvery(
            CodingKeys.self,
            [
                .path: path, .format: format, .strippedPrefix: strippedPrefix, .unrecognizedLines: unrecognizedLines,
                .firstUnrecognizedLine: firstUnrecognizedLine, .bytes: bytes, .sha256: sha256,
            ])
    }
}
