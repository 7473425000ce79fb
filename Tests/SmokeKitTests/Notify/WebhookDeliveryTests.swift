import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct WebhookDeliveryTests {
    private let url = URL(string: "https://hooks.slack.com/services/T000/B000/secretTOKEN123")!
    private let body = Data(#"{"text":"hi"}"#.utf8)

    @Test func aFirstSuccessIsOneAttemptWithoutWaiting() async throws {
        let webhook = FakeWebhook([.status(200)])
        let result = await webhook.delivery.post(body, to: url, policy: RetryPolicy())
        #expect(result == DeliveryResult(outcome: .delivered, attempts: 1, httpStatus: 200))
        #expect(webhook.sleeps.isEmpty)
        let request = try #require(webhook.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == body)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(request.timeoutInterval == 10)
    }

    @Test func serverErrorsBackOffExponentiallyWithJitterUntilAttemptsRunOut() async {
        let webhook = FakeWebhook([.status(500, body: "internal\nstack")])
        let result = await webhook.delivery.post(body, to: url, policy: RetryPolicy())
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 4)
        #expect(result.httpStatus == 500)
        #expect(result.detail == "HTTP 500: internal")
        // jitter 0.5: three quarters of 1, 2, 4 seconds.
        #expect(webhook.sleeps == [0.75, 1.5, 3])
    }

    @Test func retryAfterIsHonouredAndCapped() async {
        let webhook = FakeWebhook([
            .status(429, headers: ["retry-after": "7"]), .status(429, headers: ["Retry-After": "3600"]), .status(204),
        ])
        var policy = RetryPolicy()
        policy.deliverySeconds = 600
        let result = await webhook.delivery.post(body, to: url, policy: policy)
        #expect(result == DeliveryResult(outcome: .delivered, attempts: 3, httpStatus: 204))
        #expect(webhook.sleeps == [7, 60])
    }

    @Test func aLongRetryAfterEndsTheDeliveryWithinTheBudget() async {
        // Each answer takes 10 s on the fake clock. Without a budget this took 4 × 10 s + 3 × 60 s = 220 s.
        let webhook = FakeWebhook([.status(429, headers: ["Retry-After": "3600"])], answerSeconds: 10)
        let result = await webhook.delivery.post(body, to: url, policy: RetryPolicy())
        #expect(result == DeliveryResult(outcome: .gaveUp, attempts: 1, httpStatus: 429, detail: "HTTP 429"))
        #expect(webhook.sleeps.isEmpty)
        #expect(webhook.uptime <= 60)
    }

    @Test func slowAnswersAndBackoffTogetherStayWithinTheBudget() async throws {
        let webhook = FakeWebhook([.status(503)], answerSeconds: 9)
        var policy = RetryPolicy()
        policy.maxAttempts = 10
        policy.deliverySeconds = 30
        let result = await webhook.delivery.post(body, to: url, policy: policy)
        #expect(result.outcome == .gaveUp)
        // 9 + 0.75 + 9 + 1.5 + 9 = 29.25 s; the next 3 s wait would pass 30 s.
        #expect(result.attempts == 3)
        #expect(webhook.sleeps == [0.75, 1.5])
        #expect(webhook.uptime <= 30)
        let lastTimeout = try #require(webhook.requests.last?.timeoutInterval)
        #expect(abs(lastTimeout - 9.75) < 0.001)
    }

    /// A real 3000 s wait: only the cancellation can end it within the time limit. No tighter ceiling: a loaded
    /// machine running the suite in parallel wakes tasks late.
    @Test(.timeLimit(.minutes(10)))
    func cancellingTheRunEndsTheWaitAtOnce() async {
        let flag = CancellationFlag()
        let delivery = WebhookDelivery(
            transport: { _ in (503, ["Retry-After": "3000"], Data()) }, jitter: { 0.5 }
        ).cancelled(by: flag)
        var policy = RetryPolicy()
        policy.deliverySeconds = 3600
        policy.retryAfterCap = 3600
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { flag.cancel() }
        let started = Date()
        let result = await delivery.post(body, to: url, policy: policy)
        let seconds = Date().timeIntervalSince(started)
        #expect(
            result
                == DeliveryResult(
                    outcome: .gaveUp, attempts: 1, httpStatus: 503, detail: "cancelled while waiting to retry"))
        #expect(seconds < 600, "the 3000 s wait took \(seconds) s to end")
    }

    @Test func anAlreadyCancelledRunStillTriesOnceButDoesNotWait() async {
        let flag = CancellationFlag()
        flag.cancel()
        let webhook = FakeWebhook([.status(500), .status(200)])
        let result = await webhook.delivery.cancelled(by: flag).post(body, to: url, policy: RetryPolicy())
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 1)
        #expect(webhook.requestCount == 1)
    }

    @Test(arguments: [400, 403, 404, 410])
    func aClientErrorIsNotRetried(status: Int) async {
        let webhook = FakeWebhook([.status(status, body: "invalid_payload")])
        let result = await webhook.delivery.post(body, to: url, policy: RetryPolicy())
        #expect(
            result
                == DeliveryResult(
                    outcome: .rejected, attempts: 1, httpStatus: status, detail: "HTTP \(status): invalid_payload"))
        #expect(webhook.sleeps.isEmpty)
    }

    @Test func networkErrorsAreRetriedAndDescribedWithoutTheURL() async throws {
        let webhook = FakeWebhook([.networkError(.timedOut), .networkError(.cannotConnectToHost)])
        var policy = RetryPolicy()
        policy.maxAttempts = 2
        let result = await webhook.delivery.post(body, to: url, policy: policy)
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 2)
        #expect(result.httpStatus == nil)
        #expect(result.detail == "network error: connection refused")
        #expect(webhook.sleeps == [0.75])
    }

    @Test func anAnswerThatEchoesTheURLIsScrubbed() async throws {
        let webhook = FakeWebhook([.status(404, body: "no hook at \(url.absoluteString) or \(url.path)")])
        let result = await webhook.delivery.post(body, to: url, policy: RetryPolicy())
        let detail = try #require(result.detail)
        #expect(!detail.contains("secretTOKEN123"))
        #expect(detail.contains("https://…"))
    }

    @Test func theBackoffIsCappedAndJitterStaysInItsUpperHalf() {
        let policy = RetryPolicy()
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0) == 0.5)
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0.999) < 1)
        #expect(policy.delay(afterAttempt: 10, retryAfter: nil, jitter: 1) == 30)
        #expect(policy.delay(afterAttempt: 3, retryAfter: 0, jitter: 1) == 0)
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 1_795_320_000) // Sun, 22 Nov 2026 04:00:00 GMT
        #expect(RetryPolicy.retryAfter(["Retry-After": " 12 "], now: now) == 12)
        #expect(RetryPolicy.retryAfter(["RETRY-AFTER": "Sun, 22 Nov 2026 04:00:30 GMT"], now: now) == 30)
        #expect(RetryPolicy.retryAfter(["Retry-After": "soon"], now: now) == nil)
        #expect(RetryPolicy.retryAfter([:], now: now) == nil)
    }

    @Test(arguments: HostileText.samples)
    func aWebhookAnswerIsShownEscapedAndBounded(body: String) async {
        let webhook = FakeWebhook([.status(400, body: body + String(repeating: "x", count: 5_000))])
        let result = await webhook.delivery.post(
            Data("{}".utf8), to: URL(string: "https://hooks.example.com/T/B/secret")!, policy: RetryPolicy())
        let detail = result.detail ?? ""
        #expect(detail.hasPrefix("HTTP 400: "))
        #expect(HostileText.controls(in: detail).isEmpty, "\(detail.debugDescription)")
        #expect(!detail.contains("\n"))
        #expect(detail.count <= 300)
    }
}
