/// The policy's answer for one run.
package enum NotificationDecision: Sendable, Equatable {
    case send(NotificationPlan)
    /// Nothing to send. `kind` is what the message would have been; the reason is recorded and printed.
    case suppress(kind: NotificationKind, reason: String)
    /// Nothing to send (`notify.on` asks for recoveries, not failures), but the problem `plan` would have announced
    /// is kept open, so that its recovery is sent.
    case hold(NotificationPlan, reason: String)

    var plan: NotificationPlan? {
        if case .send(let plan) = self { return plan }
        return nil
    }

    package var kind: NotificationKind {
        switch self {
        case .send(let plan): plan.kind
        case .suppress(let kind, _): kind
        case .hold(let plan, _): plan.kind
        }
    }

    /// Why nothing is sent; nil when something is.
    package var reason: String? {
        switch self {
        case .send: nil
        case .suppress(_, let reason), .hold(_, let reason): reason
        }
    }
}
