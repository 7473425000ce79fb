/// How one notification's POSTs ended.
package struct DeliveryResult: Sendable, Equatable {
    package enum Outcome: String, Sendable {
        /// A 2xx answer.
        case delivered
        /// Every attempt met a network error, 5xx or 429: worth keeping in the outbox.
        case gaveUp
        /// A 4xx other than 429: the receiver will not take it, retrying cannot help.
        case rejected
    }

    package var outcome: Outcome
    package var attempts: Int
    /// The last HTTP status seen, if any answer came.
    package var httpStatus: Int?
    /// What went wrong last, free of the URL.
    package var detail: String?

    package init(outcome: Outcome, attempts: Int, httpStatus: Int? = nil, detail: String? = nil) {
        self.outcome = outcome
        self.attempts = attempts
        self.httpStatus = httpStatus
        self.detail = detail
    }
}
