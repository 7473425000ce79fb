import Foundation

/// Reads when a pipeline last ran from `<output>/history.jsonl`, for the catch-up rule.
package enum HistoryLookup {
    /// The start of the last run of `pipeline` in the history file; nil when there is none or no file.
    package static func lastRunStart(pipeline: String, historyFile: URL) -> Date? {
        guard let data = try? Data(contentsOf: historyFile) else { return nil }
        return lastRunStart(pipeline: pipeline, history: data)
    }

    /// The latest `startedAt` among the lines of `pipeline`. Lines that do not decode — a torn last
    /// line after a crash, a foreign line — are passed over rather than failing the scheduler.
    package static func lastRunStart(pipeline: String, history: Data) -> Date? {
        let decoder = JSONCoding.decoder()
        var latest: Date?
        for line in history.split(separator: UInt8(ascii: "\n")) {
            guard let stamp = try? decoder.decode(Stamp.self, from: Data(line)), stamp.pipeline == pipeline else { continue }
            latest = max(latest ?? stamp.startedAt, stamp.startedAt)
        }
        return latest
    }

    /// The two fields of a `HistoryEntry` this needs; decoding only these tolerates older lines.
    private struct Stamp: Decodable {
        var pipeline: String
        var startedAt: Date
    }
}
