/// The policy's answer for one run.
package enum NotificationDecision: Sendable, Equatable {
    case send(NotificationPlan)
    /// Nothing to send; the reason is recorded and printed.
    case suppress(reason: String)

    package var plan: NotificationPlan? {
        if case .send(let plan) = self { return plan }
        return nil
    }
}
