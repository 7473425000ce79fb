/// What came before a dashboard history's complete window for a test failing at its start: whether its failures
/// began earlier, and when it last passed. Runs are indexes into `DashboardHistory.runs`.
package struct DashboardEarlier: Sendable, Equatable {
    /// The run where the failures leading into the window began; nil when the last result before it was no failure.
    package var streakStart: Int?
    /// How many results in a row before the window were failures.
    package var streakRuns = 0
    package var lastPassed: Int?
}
