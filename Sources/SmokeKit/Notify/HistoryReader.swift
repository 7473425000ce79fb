import Foundation

/// A tolerant reader of `<output>/history.jsonl` for the notify command: lines that do not decode
/// are counted and skipped, because one torn line must not silence notifications.
package enum HistoryReader {
    package static func read(outputDirectory: URL) -> (entries: [HistoryEntry], unreadable: Int) {
        guard let data = try? Data(contentsOf: outputDirectory.appendingPathComponent("history.jsonl")) else {
            return ([], 0)
        }
        return parse(data)
    }

    package static func parse(_ data: Data) -> (entries: [HistoryEntry], unreadable: Int) {
        let decoder = JSONCoding.decoder()
        var entries: [HistoryEntry] = []
        var unreadable = 0
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.allSatisfy({ $0 == 32 || $0 == 13 }) {
            if let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)) {
                entries.append(entry)
            } else {
                unreadable += 1
            }
        }
        return (entries, unreadable)
    }

    /// The runs of `report`'s pipeline that started before it, oldest first: the policy's history.
    package static func earlierRuns(of report: RunReport, in entries: [HistoryEntry]) -> [HistoryEntry] {
        entries.filter { $0.pipeline == report.pipeline && $0.runID != report.runID && $0.startedAt < report.startedAt }
            .sorted { ($0.startedAt, $0.runID) < ($1.startedAt, $1.runID) }
    }
}
