import Foundation

extension JSONNotification {
    /// A recovered test with its own failure streak, which need not be the message's (`failingSince`).
    struct RecoveredTest: Encodable, Sendable, Equatable {
        var id: String
        var failingSince: String
        var failingSinceAt: Date?
        var failingSinceCommit: String?
        var passingAgainSince: String?
        var passingAgainSinceAt: Date?

        /// `plan`'s recovered tests with their streaks, in `recovered`'s order; nil when the plan has none.
        static func list(_ plan: NotificationPlan) -> [RecoveredTest]? {
            let listed = plan.recovered.compactMap { key -> RecoveredTest? in
                guard let streak = plan.recoveredStreaks[key] else { return nil }
                let start = plan.start(of: streak.since)
                return RecoveredTest(
                    id: key, failingSince: streak.since, failingSinceAt: start?.startedAt,
                    failingSinceCommit: start?.commit, passingAgainSince: streak.passedIn,
                    passingAgainSinceAt: streak.passedIn.flatMap(plan.start(of:))?.startedAt)
            }
            return listed.isEmpty ? nil : listed
        }
    }
}
