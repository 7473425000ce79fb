import Foundation

/// Where the dashboard gets earlier runs from. The default reads `history.jsonl` itself; the run
/// store can supply its own reader instead.
package typealias HistoryLoading = @Sendable (_ outputDirectory: URL) -> [HistoryEntry]

/// A tolerant `history.jsonl` reader: one entry per line, torn or foreign lines skipped.
package enum CoverageHistory {
    package static let fileName = "history.jsonl"

    package static let load: HistoryLoading = { outputDirectory in
        guard let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(fileName).path) else { return [] }
        return entries(in: data)
    }

    /// Every line that decodes as a `HistoryEntry`, in file order.
    package static func entries(in data: Data) -> [HistoryEntry] {
        let decoder = JSONCoding.decoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            try? decoder.decode(HistoryEntry.self, from: Data(line))
        }
    }
}
