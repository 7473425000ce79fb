import Foundation
import SmokeCore

/// The dashboard's histories from `history.jsonl` (statuses, durations, commit, coverage) plus each remaining run
/// folder's `report.json` for failure messages. Read whole, then cut to the window (`DashboardWindow.cut`), so
/// both sources give the same history.
package struct HistoryFileDashboardSource: DashboardSource {
    var history: any WholeHistory
    private var outputDirectory: URL { history.outputFolder }

    package func histories(pipelines: [String]?) throws -> (histories: [DashboardHistory], warnings: [String]) {
        var builders: [String: DashboardHistoryBuilder] = [:]
        var warnings: [String] = []
        var pending: [String: [(entry: HistoryEntry, order: Int)]] = [:]
        var order = 0
        let unreadable = try history.forEachEntry { entry in
            guard pipelines?.contains(entry.pipeline) ?? true else { return }
            order += 1
            // Entries are kept as they come while in time order (usual); a late one is placed by time at the end.
            if let last = builders[entry.pipeline]?.history.runs.last, entry.startedAt < last.startedAt {
                pending[entry.pipeline, default: []].append((entry, order))
                return
            }
            add(entry, to: &builders[entry.pipeline, default: DashboardHistoryBuilder(pipeline: entry.pipeline)])
        }
        if unreadable > 0 {
            warnings.append(
                """
                smokerun dashboard: warning: skipped \(ReportText.count(unreadable, "unreadable line")) in \
                \(OutputLayout(root: outputDirectory).history.path)
                """
            )
        }
        var histories: [DashboardHistory] = []
        for name in builders.keys.sorted() {
            guard var builder = builders[name] else { continue }
            for late in pending[name] ?? [] { add(late.entry, to: &builder) }
            var history = builder.history
            if pending[name] != nil {
                history.runs = history.runs.enumerated()
                    .sorted { ($0.element.startedAt, $0.offset) < ($1.element.startedAt, $1.offset) }.map(\.element)
            }
            histories.append(DashboardWindow.cut(history))
        }
        return (histories, warnings)
    }

    /// One run: its statuses and durations from the history line, its messages from report.json while it exists.
    private func add(_ entry: HistoryEntry, to builder: inout DashboardHistoryBuilder) {
        let reportPath = Self.reportPage(ofRunAt: entry.path, in: outputDirectory)
        let folder = outputDirectory.appendingPathComponent(entry.path, isDirectory: true)
        var messages: [String: String] = [:]
        if reportPath != nil, !entry.flaky.isEmpty || entry.outcomes.values.contains(where: \.isFailure),
            let report = try? RunReportFile.load(at: folder)
        {
            for test in report.tests where test.status.isFailure || test.flaky {
                let failure = HistoryDatabase.firstFailure(of: test)
                if let failure { messages[test.deviceKey] = failure.message }
            }
        }
        let flaky = Set(entry.flaky)
        let outcomes = entry.outcomes.map { key, status in
            DashboardHistoryBuilder.Outcome(
                key: key, status: status, flaky: flaky.contains(key), durationSeconds: entry.durations[key],
                message: messages[key])
        }
        let run = DashboardRun(
            id: entry.runID, startedAt: entry.startedAt, status: entry.status, durationSeconds: entry.durationSeconds,
            commit: entry.commit, coveragePercent: entry.coverage?.lines.measuredPercent, reportPath: reportPath,
            dirty: entry.dirty)
        builder.add(run, outcomes: outcomes)
        for (key, name) in entry.displayNames ?? [:] { builder.setDisplayName(name, key: key) }
    }
}
