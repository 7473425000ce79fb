import Foundation

/// When a webhook POST is tried again, and how long to wait first: exponential backoff with jitter
/// on network errors, 5xx and 429 (honouring `Retry-After`), never on other 4xx; all attempts and waits of one
/// notification together within a delivery budget. Pure.
package struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; at least 1.
    package var maxAttempts: Int = 4
    /// The wait after the first failure; doubled after each further one.
    var baseDelay: Double = 1
    var maxDelay: Double = 30
    /// The longest wait a `Retry-After` header may ask for.
    var retryAfterCap: Double = 60
    package var timeoutSeconds: Double = 10
    /// Seconds all attempts and waits of one notification may take together; then it goes to the outbox.
    package var deliverySeconds: Double = 60

    init() {}

    package init(settings: NotifySettings) {
        maxAttempts = max(settings.maxAttempts, 1)
        timeoutSeconds = settings.timeoutSeconds > 0 ? settings.timeoutSeconds : 10
        deliverySeconds = settings.deliverySeconds > 0 ? settings.deliverySeconds : 60
    }

    /// The next request's timeout with `elapsed` seconds of the budget spent, cut to what is left; nil when none is.
    package func requestTimeout(elapsed: Double) -> Double? {
        let left = deliverySeconds - max(elapsed, 0)
        return left > 0 ? min(timeoutSeconds, left) : nil
    }

    /// Seconds to wait before trying again after failed attempt `attempt`, `elapsed` seconds into the
    /// budget; nil when there is no attempt left or the wait would use up the rest of the budget.
    package func wait(afterAttempt attempt: Int, retryAfter: Double?, jitter: Double, elapsed: Double) -> Double? {
        guard attempt < max(maxAttempts, 1) else { return nil }
        let wait = delay(afterAttempt: attempt, retryAfter: retryAfter, jitter: jitter)
        return max(elapsed, 0) + wait < deliverySeconds ? wait : nil
    }

    /// Whether a response with this status is worth another try.
    package static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// Seconds to wait after failed attempt `attempt` (1-based). A server's `Retry-After` wins,
    /// capped; otherwise `base·2^(attempt-1)`, capped, of which the upper half is jittered
    /// (`jitter` in 0..<1) so that many runs do not retry in step.
    package func delay(afterAttempt attempt: Int, retryAfter: Double?, jitter: Double) -> Double {
        if let retryAfter { return min(max(retryAfter, 0), retryAfterCap) }
        let exponential = min(baseDelay * pow(2, Double(max(attempt - 1, 0))), maxDelay)
        return exponential / 2 + exponential / 2 * min(max(jitter, 0), 1)
    }

    /// `Retry-After` in seconds: a number of seconds, or an HTTP date relative to `now`.
    package static func retryAfter(_ headers: [String: String], now: Date) -> Double? {
        guard
            let value = headers.first(where: { $0.key.lowercased() == "retry-after" })?.value
                .trimmingCharacters(in: .whitespaces)
        else { return nil }
        if let seconds = Double(value), seconds.isFinite { return max(seconds, 0) }
        return (try? httpDate.parse(value)).map { max($0.timeIntervalSince(now), 0) }
    }

    /// An HTTP date (RFC 9110 IMF-fixdate: `Wed, 21 Oct 2015 07:28:00 GMT`), always English and GMT.
    private static let httpDate = Date.ParseStrategy(
        format: """
            \(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \
            \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT
            """,
        locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "GMT")!)
}
