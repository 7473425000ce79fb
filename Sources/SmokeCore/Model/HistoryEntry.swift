import Foundation

/// One line of `history.jsonl`: a run's summary, enough for trends, notification policy and flake rates.
package struct HistoryEntry: Codable, Sendable, Equatable {
    package var runID: String
    package var pipeline: String
    package var status: RunStatus
    package var startedAt: Date
    var finishedAt: Date
    package var durationSeconds: Double
    package var seed: UInt64?
    package var totals: Totals
    package var coverage: CoverageSummary?
    /// Each test's final status, by `TestResult.deviceKey`: the id, or "id [device]" on a run pinning several
    /// devices, so two devices' runs of one test do not overwrite each other (older lines hold ids only).
    package var outcomes: [String: TestStatus]
    /// Keys of tests that passed only on a retry.
    package var flaky: [String]
    /// Each test's duration in seconds, by key (for shard balancing, which sums a test's devices).
    package var durations: [String: Double]
    /// Path of the run directory, relative to the output folder.
    package var path: String
    /// The pipeline file's absolute path (`RetentionPolicy.pipelineIdentity`): retention removes only runs of the same
    /// file, so projects sharing a pipeline name and output folder keep theirs. Nil for `parse` and in older lines.
    package var pipelinePath: String?
    /// The commit the run tested (`RunOrigin.commit`); nil when unknown and in older lines.
    package var commit: String?
    /// Whether the checkout had uncommitted changes (`RunOrigin.dirty`): then `commit` does not name the code that
    /// ran, and flake detection does not count the run as that commit's. Nil when unknown and in older lines.
    package var dirty: Bool?
    /// Swift Testing display names by key, for the tests that have one; nil when none has (and in older lines).
    package var displayNames: [String: String]?

    /// `perTest: false` leaves the per-test maps empty (the streamed history line writes them itself).
    package init(report: RunReport, path: String, perTest: Bool = true) {
        runID = report.runID
        pipeline = report.pipeline
        status = report.status
        startedAt = report.startedAt
        finishedAt = report.finishedAt
        durationSeconds = report.durationSeconds
        seed = report.seed
        totals = report.totals
        coverage = report.coverage
        outcomes =
            perTest
            ? Dictionary(report.tests.map { ($0.deviceKey, $0.status) }, uniquingKeysWith: { _, last in last }) : [:]
        flaky = perTest ? report.tests.kept(where: \.flaky).map(\.deviceKey) : []
        durations =
            perTest
            ? Dictionary(report.tests.map { ($0.deviceKey, $0) }, uniquingKeysWith: { _, last in last })
                .compactMapValues { $0.durationIsUnknown ? nil : $0.durationSeconds } : [:]
        self.path = path
        commit = report.origin?.commit
        dirty = report.origin?.dirty
        displayNames = Self.displayNames(of: report.tests)
    }

    package static func displayNames(of tests: [TestResult]) -> [String: String]? {
        var names: [String: String] = [:]
        for test in tests { if let shown = test.displayName { names[test.deviceKey] = shown } }
        return names.isEmpty ? nil : names
    }

    /// The entry of a run `history.sqlite` holds, with its per-test maps.
    package init(
        run: HistoryRun, outcomes: [String: TestStatus], flaky: [String], durations: [String: Double]
    ) {
        runID = run.runID
        pipeline = run.pipeline
        status = run.status
        startedAt = run.startedAt
        finishedAt = run.finishedAt
        durationSeconds = run.durationSeconds
        seed = run.seed
        totals = run.totals
        coverage = run.coverage
        self.outcomes = outcomes
        self.flaky = flaky
        self.durations = durations
        path = run.path
        pipelinePath = run.pipelinePath
        commit = run.commit
        dirty = run.dirty
    }

    /// Decoded by `init(from:)` (`Store/HistoryEntry+Coding.swift`), where an old line's missing `path` defaults.
    enum CodingKeys: String, CodingKey {
        case runID, pipeline, status, startedAt, finishedAt, durationSeconds, seed, totals, coverage, outcomes, flaky,
            durations, path, pipelinePath, commit, dirty, displayNames
    }

    var failingTests: [String] { outcomes.filter { $0.value.isFailure }.keys.sorted() }
}
