import Foundation

/// `smokerun history --test ID`: one test's runs, newest first. Pure.
package enum TestHistoryTable {
    /// Characters of a message shown on its row (its first line); the run's report holds the rest.
    static let messageWidth = 100

    package static func render(_ results: [HistoryTestResult]) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var lines = ["STARTED               RUN                      COMMIT      STATUS           SECONDS  MESSAGE"]
        for result in results.reversed() {
            let seconds = result.durationSeconds.map { String(format: "%.3f", $0) } ?? "-"
            let status = result.flaky ? "\(result.status.rawValue) (flaky)" : result.status.rawValue
            lines.append(
                [
                    TextColumns.pad(formatter.string(from: result.startedAt), 21),
                    TextColumns.pad(TerminalText.escaped(result.runID, newlines: false), 24),
                    TextColumns.pad(TerminalText.escaped(result.commit.map { String($0.prefix(10)) } ?? "-"), 11),
                    TextColumns.pad(status, 16), TextColumns.pad(seconds, 8, right: true),
                    firstLine(result.message ?? result.evidence),
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A test's results in a `history.jsonl` history (no messages there), by `testID` or its devices' keys.
    package static func results(of testID: String, in entries: [HistoryEntry]) -> [HistoryTestResult] {
        entries.flatMap { entry in
            let flaky = Set(entry.flaky)
            return entry.outcomes.filter { TestKey.id(of: $0.key) == testID }.sorted { $0.key < $1.key }.map {
                HistoryTestResult(
                    runID: entry.runID, startedAt: entry.startedAt, commit: entry.commit, key: $0.key, testID: testID,
                    status: $0.value, durationSeconds: entry.durations[$0.key], flaky: flaky.contains($0.key))
            }
        }
    }

    /// The first line, cut to `messageWidth`, control characters escaped: a message may hold escape sequences
    /// that must not act on the reader's terminal.
    private static func firstLine(_ text: String?) -> String {
        guard let line = text?.split(separator: "\n", omittingEmptySubsequences: true).first else { return "" }
        let cut = line.count > messageWidth ? String(line.prefix(messageWidth - 1)) + "…" : String(line)
        return TerminalText.escaped(cut, newlines: false)
    }
}
