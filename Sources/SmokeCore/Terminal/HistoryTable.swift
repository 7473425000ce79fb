import Foundation

/// Renders history as text. Pure.
package enum HistoryTable {
    /// One line per run, newest first; the pipeline column is as wide as the longest name.
    package static func runs(_ entries: [HistoryEntry]) -> String {
        let pipelineWidth = max(
            13, entries.map { TerminalText.escaped($0.pipeline, newlines: false).count }.max() ?? 0)
        let header = [
            TextColumns.pad("RUN", 24), TextColumns.pad("PIPELINE", pipelineWidth),
            "STATUS       TESTS  FAILING  FLAKY  SECONDS  SEED",
        ]
        var lines = [header.joined(separator: " ")]
        for entry in entries.reversed() {
            let t = entry.totals
            lines.append(
                [
                    TextColumns.pad(TerminalText.escaped(entry.runID, newlines: false), 24),
                    TextColumns.pad(TerminalText.escaped(entry.pipeline, newlines: false), pipelineWidth),
                    TextColumns.pad(entry.status.rawValue, 12),
                    TextColumns.pad("\(t.tests)", 6, right: true), TextColumns.pad("\(t.failing)", 8, right: true),
                    TextColumns.pad("\(t.flaky)", 6, right: true),
                    TextColumns.pad(String(format: "%.1f", entry.durationSeconds), 8, right: true),
                    entry.seed.map(String.init) ?? "-",
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Flaky tests by flake rate with their evidence, then broken or fixed tests apart: a broken test is not flaky.
    package static func flakeRates(_ entries: [HistoryEntry]) -> String {
        let assessed = TestStability.assess(entries)
        let flaky = assessed.filter(\.isFlaky).sorted { ($0.flakeRate, $1.test) > ($1.flakeRate, $0.test) }
        var lines: [String] = []
        if flaky.isEmpty {
            lines.append("no flaky tests in the last \(entries.count) runs")
        } else {
            let row = { (rate: String, flaky: String, runs: String, test: String) in
                [
                    TextColumns.pad(rate, 6, right: true), TextColumns.pad(flaky, 6, right: true),
                    TextColumns.pad(runs, 5, right: true), test,
                ].joined(separator: " ")
            }
            lines.append(row("FLAKE%", "FLAKY", "RUNS", "TEST"))
            for test in flaky {
                lines.append(
                    row(
                        String(format: "%.0f%%", test.flakeRate * 100), "\(test.flakyRuns)", "\(test.runs)",
                        test.test))
                lines += evidence(test).map { row("", "", "", "  " + $0) }
            }
        }
        // A flaky test is not also "broken, not flaky": its failures since are said with its evidence above.
        let broken = assessed.filter { $0.breakage != nil && !$0.isFlaky }
        if !broken.isEmpty {
            lines.append("")
            lines.append("broken, not flaky (failed in every run until fixed):")
            let width = broken.map(\.test.count).max() ?? 0
            for test in broken {
                guard let breakage = test.breakage else { continue }
                lines.append("  " + TextColumns.pad(test.test, width) + "  " + describe(breakage))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Which runs and commits make a test flaky, one line each.
    static func evidence(_ test: TestStability) -> [String] {
        var lines: [String] = []
        if !test.retried.isEmpty {
            lines.append("passed only on a retry in \(runList(test.retried, commits: true))")
        }
        for commit in test.sameCommit {
            let short = String(commit.commit.prefix(7))
            lines.append("on commit \(short): failed in \(runList(commit.failed)); passed in \(runList(commit.passed))")
        }
        if case .ongoing(let count, let since) = test.breakage {
            lines.append("failing in the newest \(count == 1 ? "run" : "\(count) runs") since \(since.label)")
        }
        return lines
    }

    /// "broken 5 runs, fixed at 1a2b3c4" or "broken for 2 runs since 2026-11-22T04:00:00Z (commit 1a2b3c4)".
    static func describe(_ breakage: TestStability.Breakage) -> String {
        switch breakage {
        case .fixed(let count, _, let fixedAt):
            return "broken \(count) \(count == 1 ? "run" : "runs"), fixed at \(fixedAt.label)"
        case .ongoing(let count, let since):
            let commit = since.commit.map { " (commit \(String($0.prefix(7))))" } ?? ""
            let time = FireTimeFormat.utc(since.startedAt)
            return "broken for \(count) \(count == 1 ? "run" : "runs") since \(time)\(commit)"
        }
    }

    /// Up to three run ids, then how many more.
    private static func runList(_ runs: [TestStability.Run], commits: Bool = false) -> String {
        let shown = runs.prefix(3).map { run in
            run.runID + (commits ? run.commit.map { " (commit \($0.prefix(7)))" } ?? "" : "")
        }
        let more = runs.count > 3 ? " and \(runs.count - 3) more" : ""
        return "\(runs.count == 1 ? "run" : "runs") " + shown.joined(separator: ", ") + more
    }
}
