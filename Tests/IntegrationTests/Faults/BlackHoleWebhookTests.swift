import Foundation
import Testing
@testable import SmokeKit

/// Issue 15, item 9: a receiver that accepts the request and never answers. Each attempt has its own
/// timeout (URLSessionTransport's own deadline), so the whole delivery is bounded by attempts ×
/// timeout plus the backoff waits.
@Suite(.timeLimit(.minutes(1))) struct BlackHoleWebhookTests {
    @Test func everyAttemptToABlackHoleEndsAtItsOwnTimeout() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, delay: 120)], lifetime: 40)
        defer { receiver.stop() }
        var policy = RetryPolicy()
        policy.timeoutSeconds = 1
        policy.maxAttempts = 4
        // Backoff waits are not what is measured here; the attempts run on the real transport and clock.
        let delivery = WebhookDelivery(sleep: { _ in })
        let started = Date()
        let result = await delivery.post(Data("{}".utf8), to: receiver.url(token: "blackHOLE"), policy: policy)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 4)
        #expect(result.detail == "network error: timed out")
        // Four attempts of one second each; far less than the receiver's two-minute silence.
        #expect(elapsed >= 3.5 && elapsed < 12, "took \(elapsed) s")
    }
}
