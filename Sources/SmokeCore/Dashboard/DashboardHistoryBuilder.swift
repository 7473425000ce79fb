import Foundation

/// Builds a `DashboardHistory` run by run, giving each test key its index once.
package struct DashboardHistoryBuilder: Sendable {
    /// One test's result as a store reads it, by key.
    package struct Outcome: Sendable {
        package var key: String
        package var status: TestStatus
        package var flaky: Bool
        package var durationSeconds: Double?
        package var message: String?

        package init(
            key: String, status: TestStatus, flaky: Bool = false, durationSeconds: Double? = nil, message: String? = nil
        ) {
            self.key = key
            self.status = status
            self.flaky = flaky
            self.durationSeconds = durationSeconds
            self.message = message
        }
    }

    private(set) package var history: DashboardHistory
    private var indexes: [String: Int] = [:]

    package init(pipeline: String) {
        history = DashboardHistory(pipeline: pipeline)
    }

    /// Appends `run` with `outcomes` as its results; runs must come oldest first.
    package mutating func add(_ run: DashboardRun, outcomes: [Outcome]) {
        var run = run
        var results: [DashboardResult] = []
        results.reserveCapacity(outcomes.count)
        var messages: [Int: String] = [:]
        for outcome in outcomes {
            let index = self.index(of: outcome.key)
            results.append(
                DashboardResult(
                    test: index, status: outcome.status, flaky: outcome.flaky, durationSeconds: outcome.durationSeconds)
            )
            if let message = outcome.message { messages[index] = message }
        }
        results.sort { $0.test < $1.test }
        run.results = results
        run.messages = messages
        history.runs.append(run)
    }

    package var completeFrom: Int {
        get { history.completeFrom }
        set { history.completeFrom = newValue }
    }

    /// Records the display name of test `key`, when the history has it (a later name replaces an earlier).
    package mutating func setDisplayName(_ name: String?, key: String) {
        guard let name, indexes[key] != nil else { return }
        history.displayNames[key] = name
    }

    package mutating func setEarlier(_ earlier: DashboardEarlier, key: String) {
        history.earlier[index(of: key)] = earlier
    }

    package mutating func index(of key: String) -> Int {
        if let index = indexes[key] { return index }
        let index = history.tests.count
        history.tests.append(key)
        indexes[key] = index
        return index
    }
}
