/// What to say about a run: the kind of message and the history behind it. Formats render it.
package struct NotificationPlan: Sendable, Equatable {
    package var kind: NotificationKind
    /// Age of each failing test of the run, by `TestResult.deviceKey` (the id, with the device on a multi-device run).
    var ages: [String: FailureAge] = [:]
    /// The tests that were announced failing and now pass, sorted: a recovery's, or in a failure or reminder message
    /// those that passed again since the last message.
    var recovered: [String] = []
    /// For each test in `recovered`: its own failure streak, which need not be the pipeline's (`failingSince`).
    var recoveredStreaks: [String: RecoveredStreak] = [:]
    /// For a recovery: announced tests that still fail but a quarantine covers now; closed, not recovered, sorted.
    var quarantined: [String] = []
    /// For a recovery: the recovered tests the flake model now calls flaky, each with its rate ("failed 1 of the last
    /// 3 runs"); the recovery still closes what was announced.
    var looksFlaky: [String: String] = [:]
    /// For a recovery: the first run of the failure streak that ended.
    var failingSince: String?
    /// For a recovery: the failing runs in the streak that ended, as far as the history holds them.
    var failingRuns: Int?
    /// How many of `failingRuns` could not run their tests (`error`): no test failed in them.
    var erroredRuns = 0
    /// When and on which commit each streak began, by run id; absent when the history no longer holds the run.
    var streakStarts: [String: StreakStart] = [:]
    /// For a run with a new failure: the commits since the last run in which those tests passed; nil when unknown.
    package var suspects: Suspects?

    func start(of runID: String) -> StreakStart? { streakStarts[runID] }

    var newCount: Int { ages.values.filter(\.isNew).count }

    var flakyCount: Int { ages.values.filter(\.isKnownFlaky).count }

    /// Whether every failing test is known flaky: the message opens no problem that a recovery would close.
    var isFlakyOnly: Bool { !ages.isEmpty && ages.values.allSatisfy(\.isKnownFlaky) }
}

/// A recovered test's own streak: the run its failures began in, and the run it first passed again in when that was
/// before the message's run (it recovered while another test kept the pipeline failing).
struct RecoveredStreak: Sendable, Equatable {
    var since: String
    var passedIn: String?
}
