/// How one notification ended; the raw value is report.json's `notifications[].outcome`.
package enum NotificationOutcome: String, Codable, Sendable, CaseIterable {
    /// The webhook answered 2xx.
    case delivered
    /// Not delivered now; kept in the outbox for the next run or `notify --flush`.
    case queued
    /// Deliberately not sent (policy, or no webhook configured).
    case suppressed
    /// Not delivered and not kept (rejected, or the outbox could not be written).
    case failed

    /// Whether the message reached, or will reach, the channel: what the policy remembers as announced.
    package var announced: Bool { self == .delivered || self == .queued }
}
