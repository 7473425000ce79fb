/// The policy's answer for one run.
package enum NotificationDecision: Sendable, Equatable {
    case send(NotificationPlan)
    /// Nothing to send. `kind` is what the message would have been; the reason is recorded and printed.
    case suppress(kind: NotificationKind, reason: String)

    var plan: NotificationPlan? {
        if case .send(let plan) = self { return plan }
        return nil
    }

    var kind: NotificationKind {
        switch self {
        case .send(let plan): plan.kind
        case .suppress(let kind, _): kind
        }
    }
}
