import Foundation

/// One run as `history.sqlite` keeps it, without its tests (those are `HistoryTestResult`s).
package struct HistoryRun: Sendable, Equatable {
    package var runID: String
    package var pipeline: String
    /// The pipeline file's absolute path (`RetentionPolicy.pipelineIdentity`); nil for `parse`.
    package var pipelinePath: String?
    package var status: RunStatus
    package var startedAt: Date
    package var finishedAt: Date
    package var durationSeconds: Double
    package var seed: UInt64?
    package var totals: Totals
    package var coverage: CoverageSummary?
    package var commit: String?
    package var branch: String?
    package var dirty: Bool?
    package var host: String?
    /// The run folder, relative to the output folder.
    package var path: String
    /// Retention removed the run folder; the run and its tests' rows stay.
    package var folderRemoved: Bool

    package init(
        runID: String, pipeline: String, pipelinePath: String? = nil, status: RunStatus, startedAt: Date,
        finishedAt: Date, durationSeconds: Double, seed: UInt64? = nil, totals: Totals = Totals(),
        coverage: CoverageSummary? = nil, commit: String? = nil, branch: String? = nil, dirty: Bool? = nil,
        host: String? = nil, path: String, folderRemoved: Bool = false
    ) {
        self.runID = runID
        self.pipeline = pipeline
        self.pipelinePath = pipelinePath
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.durationSeconds = durationSeconds
        self.seed = seed
        self.totals = totals
        self.coverage = coverage
        self.commit = commit
        self.branch = branch
        self.dirty = dirty
        self.host = host
        self.path = path
        self.folderRemoved = folderRemoved
    }

    /// The run of a history entry (a `history.jsonl` line: no branch or host).
    package init(entry: HistoryEntry) {
        self.init(
            runID: entry.runID, pipeline: entry.pipeline, pipelinePath: entry.pipelinePath, status: entry.status,
            startedAt: entry.startedAt, finishedAt: entry.finishedAt, durationSeconds: entry.durationSeconds,
            seed: entry.seed, totals: entry.totals, coverage: entry.coverage, commit: entry.commit, dirty: entry.dirty,
            path: entry.path)
    }

    package init(report: RunReport, path: String, pipelinePath: String?) {
        self.init(
            runID: report.runID, pipeline: report.pipeline, pipelinePath: pipelinePath, status: report.status,
            startedAt: report.startedAt, finishedAt: report.finishedAt, durationSeconds: report.durationSeconds,
            seed: report.seed, totals: report.totals, coverage: report.coverage, commit: report.origin?.commit,
            branch: report.origin?.branch, dirty: report.origin?.dirty, host: report.origin?.host, path: path)
    }
}

extension Totals {
    /// No tests counted: what a history row whose totals cannot be read shows.
    package static var zero: Totals { Totals() }
}
