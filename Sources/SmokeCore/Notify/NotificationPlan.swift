/// What to say about a run: the kind of message and the history behind it. Formats render it.
package struct NotificationPlan: Sendable, Equatable {
    package var kind: NotificationKind
    /// Age of each failing test of the run, by `TestResult.deviceKey` (the id, with the device on a multi-device run).
    var ages: [String: FailureAge]
    /// For a recovery: the tests that were announced failing and now pass, sorted.
    var recovered: [String]
    /// For a recovery: the first run of the failure streak that ended.
    var failingSince: String?

    init(
        kind: NotificationKind, ages: [String: FailureAge] = [:], recovered: [String] = [], failingSince: String? = nil
    ) {
        self.kind = kind
        self.ages = ages
        self.recovered = recovered
        self.failingSince = failingSince
    }

    /// How many of the failing tests are new.
    var newCount: Int { ages.values.filter(\.isNew).count }
}
