import Foundation

/// Renders history as text. Pure.
package enum HistoryTable {
    package static func runs(_ entries: [HistoryEntry]) -> String {
        var lines = ["RUN                      PIPELINE      STATUS       TESTS  FAILING  FLAKY  SECONDS  SEED"]
        for entry in entries.reversed() {
            let t = entry.totals
            lines.append(
                [
                    TextColumns.pad(entry.runID, 24), TextColumns.pad(entry.pipeline, 13),
                    TextColumns.pad(entry.status.rawValue, 12),
                    TextColumns.pad("\(t.tests)", 6, right: true), TextColumns.pad("\(t.failing)", 8, right: true),
                    TextColumns.pad("\(t.flaky)", 6, right: true),
                    TextColumns.pad(String(format: "%.1f", entry.durationSeconds), 8, right: true),
                    entry.seed.map(String.init) ?? "-",
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Tests whose outcome was not steady: flaky passes, or failing in some runs and passing in others.
    package static func flakeRates(_ entries: [HistoryEntry]) -> String {
        var seen: [String: (runs: Int, flaky: Int, failing: Int)] = [:]
        for entry in entries {
            let flaky = Set(entry.flaky)
            // An interrupted test says nothing about the test itself: it is not a run of it.
            for (id, status) in entry.outcomes where status != .interrupted {
                var counts = seen[id] ?? (0, 0, 0)
                counts.runs += 1
                if flaky.contains(id) { counts.flaky += 1 }
                if status.isFailure { counts.failing += 1 }
                seen[id] = counts
            }
        }
        let unsteady = seen.filter { $0.value.flaky > 0 || ($0.value.failing > 0 && $0.value.failing < $0.value.runs) }
        guard !unsteady.isEmpty else { return "no flaky tests in the last \(entries.count) runs\n" }
        let rows = unsteady.map {
            (id: $0.key, rate: Double($0.value.flaky + $0.value.failing) / Double($0.value.runs), counts: $0.value)
        }
        .sorted { ($0.rate, $1.id) > ($1.rate, $0.id) }
        var lines = ["FLAKE%  FLAKY  FAILED  RUNS  TEST"]
        for row in rows {
            lines.append(
                [
                    TextColumns.pad(String(format: "%.0f%%", row.rate * 100), 6, right: true),
                    TextColumns.pad("\(row.counts.flaky)", 6, right: true),
                    TextColumns.pad("\(row.counts.failing)", 7, right: true),
                    TextColumns.pad("\(row.counts.runs)", 5, right: true), row.id,
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
