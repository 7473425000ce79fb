import Foundation
import SmokeCore

/// The readers every run calls, each reading only what its answer needs from `history.sqlite`; from
/// `history.jsonl` (no SQLite) they read the file as it always was and give the same answers.
extension HistoryStore {
    /// The notification policy's history of `report` (`NotificationHistory`): its pipeline's earlier runs, with
    /// the failing tests' outcomes along their streaks. A history that cannot be read is an empty one: a
    /// notification never fails because of it.
    package static func notificationHistory(outputDirectory: URL, of report: RunReport) -> [HistoryEntry] {
        do {
            if let database = try database(outputDirectory: outputDirectory) {
                return try database.notificationHistory(of: report)
            }
            let lines = try contents(of: fileURL(outputDirectory: outputDirectory), pipeline: report.pipeline)
            return NotificationHistory.entries(of: report, in: lines.entries)
        } catch {
            return []
        }
    }

    /// The newest `runs` runs of `report`'s pipeline before it, with every test's outcome: the flake model's window for
    /// the notification policy. A history that cannot be read is an empty window: no test is known flaky.
    package static func flakeWindow(outputDirectory: URL, of report: RunReport, runs: Int) -> [HistoryEntry] {
        let read = try? contents(
            outputDirectory: outputDirectory, pipeline: report.pipeline, since: nil, last: runs + 1, perTest: true)
        return Array(NotificationPolicy.earlierRuns(of: report, in: read?.entries ?? []).suffix(runs))
    }

    /// Each of `testIDs`' newest recorded duration in `pipeline`'s runs (`ShardPlanner.durations`, for those tests
    /// only); none when there is no history or it cannot be read.
    package static func durations(outputDirectory: URL, pipeline: String, testIDs: Set<String>) -> [String: Double] {
        guard !testIDs.isEmpty else { return [:] }
        do {
            if let database = try database(outputDirectory: outputDirectory) {
                return try database.durations(pipeline: pipeline, testIDs: testIDs)
            }
            let lines = try contents(of: fileURL(outputDirectory: outputDirectory), pipeline: pipeline)
            return ShardPlanner.durations(from: lines.entries).filter { testIDs.contains($0.key) }
        } catch {
            return [:]
        }
    }

    /// The newest `last` runs of `pipeline` (all when nil) that started at or after `since`, oldest first, with
    /// their per-test maps when `perTest`: `history`'s run list and flake rates, which look no further back.
    /// `readableRuns` counts every run read, before the window.
    package static func contents(
        outputDirectory: URL, pipeline: String?, since: Date?, last: Int, perTest: Bool
    ) throws -> Contents {
        if let database = try database(outputDirectory: outputDirectory) {
            let entries =
                perTest
                ? try database.entries(pipeline: pipeline, since: since, last: last)
                : try database.storedRuns(pipeline: pipeline, since: since, newest: last).map {
                    HistoryEntry(run: $0.run, outcomes: [:], flaky: [], durations: [:])
                }
            return Contents(entries: entries, unreadableLines: 0)
        }
        var contents = try contents(of: fileURL(outputDirectory: outputDirectory), pipeline: nil)
        contents.entries = Array(
            contents.entries.filter {
                (pipeline == nil || $0.pipeline == pipeline) && $0.startedAt >= (since ?? .distantPast)
            }
            .suffix(last))
        return contents
    }
}
