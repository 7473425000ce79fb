import Foundation

/// A pipeline's runs as the dashboard sees them, oldest first, whatever stored them; the site is built from it.
/// Runs before `completeFrom` carry only failures and retry passes (`DashboardWindow` decides the window).
package struct DashboardHistory: Sendable, Equatable {
    package var pipeline: String
    /// Every test key seen (`TestResult.deviceKey`), in first-seen order; results name tests by position here.
    package var tests: [String]
    package var runs: [DashboardRun]
    package var completeFrom: Int
    /// By test: its failure streak before `completeFrom`, for tests whose first result from there is a failure.
    package var earlier: [Int: DashboardEarlier]
    /// The quarantine as the newest run recorded it (report.json `quarantine`); nil when it had none.
    package var quarantine: QuarantineRecord?
    /// Swift Testing display names by test key: shown first, the key beside them.
    package var displayNames: [String: String] = [:]

    package func displayName(of index: Int) -> String? { displayNames[tests[index]] }

    package init(
        pipeline: String, tests: [String] = [], runs: [DashboardRun] = [], completeFrom: Int = 0,
        earlier: [Int: DashboardEarlier] = [:]
    ) {
        self.pipeline = pipeline
        self.tests = tests
        self.runs = runs
        self.completeFrom = completeFrom
        self.earlier = earlier
    }
}

/// One run: what the timeline and the charts show, and each test's result in it.
package struct DashboardRun: Sendable, Equatable {
    package var id: String
    package var startedAt: Date
    package var status: RunStatus
    package var durationSeconds: Double
    package var commit: String?
    /// Whether the checkout had uncommitted changes: then `commit` does not name the code that ran.
    package var dirty: Bool?
    package var coveragePercent: Double?
    /// Line coverage per module, where the store knows it.
    package var moduleCoverage: [String: Double]
    /// The run's report page relative to the output folder; nil once retention removed the run folder.
    package var reportPath: String?
    package var results: [DashboardResult]
    /// The first failure message of each failing test, by test index, where the run's details still exist.
    package var messages: [Int: String]

    package init(
        id: String, startedAt: Date, status: RunStatus, durationSeconds: Double, commit: String? = nil,
        coveragePercent: Double? = nil, moduleCoverage: [String: Double] = [:], reportPath: String? = nil,
        results: [DashboardResult] = [], messages: [Int: String] = [:], dirty: Bool? = nil
    ) {
        self.dirty = dirty
        self.id = id
        self.startedAt = startedAt
        self.status = status
        self.durationSeconds = durationSeconds
        self.commit = commit
        self.coveragePercent = coveragePercent
        self.moduleCoverage = moduleCoverage
        self.reportPath = reportPath
        self.results = results
        self.messages = messages
    }

    package func result(of index: Int) -> DashboardResult? {
        var low = 0
        var high = results.count
        while low < high {
            let middle = (low + high) / 2
            let test = Int(results[middle].test)
            if test == index { return results[middle] }
            if test < index { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

/// One test's result in one run.
package struct DashboardResult: Sendable, Equatable {
    package var test: Int32
    package var status: TestStatus
    /// Passed only on a retry.
    package var flaky: Bool
    /// Seconds; NaN when unknown.
    package var duration: Float

    package init(test: Int, status: TestStatus, flaky: Bool = false, durationSeconds: Double? = nil) {
        self.test = Int32(clamping: test)
        self.status = status
        self.flaky = flaky
        duration = durationSeconds.map { Float($0) } ?? .nan
    }

    package var durationSeconds: Double? { duration.isNaN ? nil : Double(duration) }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.test == rhs.test && lhs.status == rhs.status && lhs.flaky == rhs.flaky
            && (lhs.duration == rhs.duration || (lhs.duration.isNaN && rhs.duration.isNaN))
    }
}
