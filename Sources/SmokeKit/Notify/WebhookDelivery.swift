import Foundation
import SmokeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// POSTs a body to a webhook with a timeout and bounded retries within a budget (`RetryPolicy`); a cancelled run
/// ends the wait at once.
package struct WebhookDelivery: Sendable {
    /// Sends one request; returns status, headers and body, or throws on a network error.
    typealias Transport = @Sendable (URLRequest) async throws -> (Int, [String: String], Data)

    var transport: Transport
    var sleep: @Sendable (Double) async throws -> Void
    var jitter: @Sendable () -> Double
    var now: @Sendable () -> Date
    /// Seconds on a monotonic clock, for the delivery budget.
    var uptime: @Sendable () -> Double
    var cancellation: CancellationFlag?

    init(
        transport: @escaping Transport = URLSessionTransport.send,
        sleep: @escaping @Sendable (Double) async throws -> Void = {
            try await Task.sleep(nanoseconds: UInt64($0 * 1e9))
        },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { SystemClock.now() },
        uptime: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
        cancellation: CancellationFlag? = nil
    ) {
        self.transport = transport
        self.sleep = sleep
        self.jitter = jitter
        self.now = now
        self.uptime = uptime
        self.cancellation = cancellation
    }

    package func cancelled(by flag: CancellationFlag) -> WebhookDelivery {
        var copy = self
        copy.cancellation = flag
        return copy
    }

    /// POSTs `body` as JSON until delivered, rejected, or out of attempts. Never throws; reports are scrubbed of `url`.
    func post(_ body: Data, to url: URL, policy: RetryPolicy) async -> DeliveryResult {
        var request = URLRequest(url: url, timeoutInterval: policy.timeoutSeconds)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("smokerun", forHTTPHeaderField: "User-Agent")
        request.httpBody = body
        let secret = url.absoluteString
        let started = uptime()
        var attempts = 0
        var status: Int?
        var detail: String?
        while let timeout = policy.requestTimeout(elapsed: uptime() - started) {
            attempts += 1
            request.timeoutInterval = timeout
            var retryAfter: Double?
            do {
                let (code, headers, answer) = try await transport(request)
                status = code
                if (200..<300).contains(code) {
                    return DeliveryResult(outcome: .delivered, attempts: attempts, httpStatus: code)
                }
                detail = Redaction.scrub(Self.describe(status: code, body: answer), secret: secret)
                guard RetryPolicy.isRetryable(status: code) else {
                    return DeliveryResult(outcome: .rejected, attempts: attempts, httpStatus: code, detail: detail)
                }
                retryAfter = RetryPolicy.retryAfter(headers, now: now())
            } catch {
                status = nil
                detail = Redaction.scrub(Self.describe(error), secret: secret)
            }
            guard
                let wait = policy.wait(
                    afterAttempt: attempts, retryAfter: retryAfter, jitter: jitter(), elapsed: uptime() - started)
            else { break }
            do {
                try await cancellableSleep(wait)
            } catch {
                return DeliveryResult(
                    outcome: .gaveUp, attempts: attempts, httpStatus: status, detail: "cancelled while waiting to retry"
                )
            }
        }
        return DeliveryResult(outcome: .gaveUp, attempts: attempts, httpStatus: status, detail: detail)
    }

    /// `sleep`, ended at once (throwing) when the run or the task is cancelled.
    private func cancellableSleep(_ seconds: Double) async throws {
        guard let cancellation else { return try await sleep(seconds) }
        let sleep = self.sleep
        let waiting = Task { try await sleep(seconds) }
        cancellation.onCancel { waiting.cancel() }
        try await withTaskCancellationHandler {
            try await waiting.value
        } onCancel: {
            waiting.cancel()
        }
        if cancellation.isCancelled { throw CancellationError() }
    }

    /// "HTTP 500: no_service": the answer's first line, bounded, control characters escaped (it is printed on a terminal).
    static func describe(status: Int, body: Data) -> String {
        let text = TerminalText.escaped(
            String(decoding: body.prefix(400), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "", newlines: false)
        return text.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(SlackText.truncate(text, limit: 200))"
    }

    /// A network error by its kind, without the failing URL that URLError descriptions carry.
    static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return "network error: \(error.localizedDescription)" }
        let reason: String
        switch urlError.code {
        case .timedOut: reason = "timed out"
        case .cannotConnectToHost: reason = "connection refused"
        case .networkConnectionLost: reason = "connection lost"
        case .cannotFindHost, .dnsLookupFailed: reason = "host not found"
        case .notConnectedToInternet: reason = "not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted: reason = "TLS failed"
        case .badServerResponse: reason = "bad server response"
        default: reason = "URLError \(urlError.code.rawValue)"
        }
        return "network error: \(reason)"
    }
}
