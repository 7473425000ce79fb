import Foundation

/// Everything one run found out: the contents of `report.json` (Documentation/Design.md §8).
package struct RunReport: Codable, Sendable, Equatable {
    static let currentSchemaVersion = 1

    var schemaVersion: Int
    package var pipeline: String
    package var runID: String
    package var status: RunStatus
    package var startedAt: Date
    package var finishedAt: Date
    package var durationSeconds: Double
    package var seed: UInt64?
    package var ordering: OrderingRecord
    var environment: [String: String]
    package var device: ResolvedDevice
    var toolchain: ToolchainInfo?
    package var totals: Totals
    /// In the order they ran.
    package var tests: [TestResult]
    package var coverage: CoverageSummary?
    /// Files of the run directory, relative to it.
    package var artifacts: [String]
    package var notifications: [NotificationRecord]
    package var errors: [InfrastructureError]
    /// The slice of the suite this run ran (`run --shard K/N`); nil for a whole run or a merged one.
    package var shard: ShardRecord?
    /// A merged run's shard runs (`smokerun merge`), by run id, sorted: a merge of the same runs again is told from
    /// one of another set. Nil for any other run.
    package var mergedRuns: [String]?
    /// The pipeline file this run used, relative to the project root; nil for `parse`.
    package var pipelineFile: String?
    /// SHA-256 of the pipeline file's bytes (hex), so a later `bisect`/`merge` can tell it changed.
    package var pipelineHash: String?
    /// When `parse` read the input; `startedAt`/`finishedAt` are the recorded run's. Nil for `run`.
    package var parsedAt: Date?
    /// smokerun's totals against the frameworks' own; nil only when the input holds no such summary.
    package var reconciliation: Reconciliation?
    /// How each input was read (format, stripped prefix, lines not understood); nil when not recorded.
    package var inputs: [InputRecord]?
    /// Set when an input ends before the run it records did; nil when every input is whole.
    package var incomplete: IncompleteInput?
    /// The host, commit and CI run this run came from; nil in reports older smokeruns wrote.
    package var origin: RunOrigin?
    /// `<output>/env` and the variables the run took from it (names only); nil when there is no such file.
    package var environmentFile: EnvironmentFileRecord?
    /// The quarantine in force for the run, expired entries, and the failing tests it covered; nil without one.
    package var quarantine: QuarantineRecord?
    /// What the culprit finder found for the new failures, with its follow-up message; nil when it did not run.
    package var culprit: CulpritFinding?
    /// The commits the run's new failures may come from (since the last run in which they passed), as its message
    /// named them; nil without new failures, a message, or a checkout to read them from.
    package var suspects: Suspects?

    package init(
        pipeline: String, runID: String, status: RunStatus, startedAt: Date, finishedAt: Date,
        seed: UInt64?, ordering: OrderingRecord, environment: [String: String], device: ResolvedDevice,
        toolchain: ToolchainInfo?, tests: [TestResult], coverage: CoverageSummary? = nil,
        artifacts: [String] = [], notifications: [NotificationRecord] = [], errors: [InfrastructureError] = []
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.pipeline = pipeline
        self.runID = runID
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.durationSeconds = finishedAt.timeIntervalSince(startedAt)
        self.seed = seed
        self.ordering = ordering
        self.environment = environment
        self.device = device
        self.toolchain = toolchain
        self.totals = Totals(tests)
        self.tests = tests
        self.coverage = coverage
        self.artifacts = artifacts
        self.notifications = notifications
        self.errors = errors
    }

    /// The status a finished (not interrupted) run has, from its tests and errors.
    package static func status(of tests: [TestResult], errors: [InfrastructureError]) -> RunStatus {
        if errors.contains(where: { !$0.isNote }) { return .error }
        if tests.contains(where: { $0.status.isFailure }) { return .failed }
        return tests.contains { $0.status == .unfinished } ? .incomplete : .passed
    }

    package var failingTests: [TestResult] { tests.kept { $0.status.isFailure } }
}
