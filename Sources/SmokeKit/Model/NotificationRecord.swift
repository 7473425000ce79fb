/// What a run tried to tell a webhook, and how it went. Never holds the URL.
package struct NotificationRecord: Codable, Sendable, Equatable {
    /// `failure`, `recovery`, `reminder`, `always`, `infrastructure`.
    package var kind: String
    /// `slack` or `json`.
    package var format: String
    /// The redacted target, e.g. `$SMOKERUN_WEBHOOK_URL (https://…)`.
    package var target: String
    package var attempts: Int
    /// `delivered`, `queued` (kept in the outbox), `suppressed` or `failed`.
    package var outcome: String
    package var httpStatus: Int?
    package var detail: String?

    package init(
        kind: String, format: String, target: String, attempts: Int, outcome: String,
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
