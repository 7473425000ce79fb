import Foundation

/// `smokerun history --quarantine`: each pipeline's newest quarantine, entries in force first. Pure.
package enum QuarantineTable {
    /// One pipeline's newest run and what it recorded (nil: it had no quarantine).
    package struct Row: Sendable, Equatable {
        package var pipeline: String
        package var runID: String
        package var record: QuarantineRecord?

        package init(pipeline: String, runID: String, record: QuarantineRecord?) {
            self.pipeline = pipeline
            self.runID = runID
            self.record = record
        }
    }

    package static func render(_ rows: [Row]) -> String {
        var lines: [String] = []
        for row in rows {
            let record = row.record ?? QuarantineRecord()
            lines.append("\(row.pipeline) (as of run \(row.runID)):")
            if record.active.isEmpty && record.expired.isEmpty { lines.append("  no test is quarantined") }
            for entry in record.active {
                let failed = record.tests.contains { entry.matches($0) } ? " · failed in that run" : ""
                lines.append("  \(entry.test)\(failed)")
                lines.append("    \(describe(entry))")
            }
            for entry in record.expired {
                lines.append("  \(entry.test) · EXPIRED \(FireTimeFormat.utc(entry.expires)), ignored")
                lines.append("    \(describe(entry))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "races the server — owner sync-team, until 2027-01-01T00:00:00Z (automatic since …)".
    package static func describe(_ entry: QuarantineEntry) -> String {
        let origin = entry.automatic ? ", automatic since \(entry.since.map(FireTimeFormat.utc) ?? "?")" : ""
        return "\(entry.reason) — owner \(entry.owner), until \(FireTimeFormat.utc(entry.expires))\(origin)"
    }
}
