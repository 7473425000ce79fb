/// For a test failing at the start of the complete window: whether its failures began earlier, when it last passed.
package struct DashboardEarlier: Sendable, Equatable {
    /// The run where the failures leading into the window began; nil when the last result before it was no failure.
    package var streakStart: Int?
    /// How many results in a row before the window were failures.
    package var streakRuns = 0
    package var lastPassed: Int?
}
