/// What a run tried to tell a webhook, and how it went. Never holds the URL.
package struct NotificationRecord: Codable, Sendable, Equatable {
    /// Why it was sent; nil only for an outbox file that could not be read (its kind is unknown).
    package var kind: NotificationKind?
    package var format: NotifyFormat?
    /// The redacted target, e.g. `$SMOKERUN_WEBHOOK_URL (https://…)`.
    package var target: String
    package var attempts: Int
    package var outcome: NotificationOutcome
    package var httpStatus: Int?
    package var detail: String?
    /// The variable (the webhook URL's, a Slack token's) found neither in the environment nor in `<output>/env`.
    package var missingVariable: String?
    /// Why a message the webhook did not take could not be queued either (`could not write <outbox file>: …`): it is
    /// lost. Nil otherwise.
    package var notQueued: String?

    package init(
        kind: NotificationKind?, format: NotifyFormat?, target: String, attempts: Int, outcome: NotificationOutcome,
        httpStatus: Int? = nil, detail: String? = nil
    ) {
        self.kind = kind
        self.format = format
        self.target = target
        self.attempts = attempts
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.detail = detail
    }
}
