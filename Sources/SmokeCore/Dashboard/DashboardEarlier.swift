/// What came before a dashboard history's complete window for one test that fails at its start: whether its
/// current failures began earlier, and when it last passed. Runs are indexes into `DashboardHistory.runs`.
package struct DashboardEarlier: Sendable, Equatable {
    /// The run where the failures leading into the window began; nil when the test's last result before the window
    /// was not a failure.
    package var streakStart: Int?
    /// How many of the test's results in a row before the window were failures (0 when `streakStart` is nil).
    package var streakRuns = 0
    /// The test's last passing run before the window; nil when it never passed there.
    package var lastPassed: Int?
}
