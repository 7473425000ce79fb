import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// A receiver that accepts the request and never answers. Each attempt has its own
/// timeout (URLSessionTransport's own deadline), so the whole delivery is bounded by attempts ×
/// timeout plus the backoff waits.
@Suite(.timeLimit(.minutes(10))) struct BlackHoleWebhookTests {
    @Test func everyAttemptToABlackHoleEndsAtItsOwnTimeout() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, delay: 300)])
        defer { receiver.stop() }
        var policy = RetryPolicy()
        policy.timeoutSeconds = 1
        policy.maxAttempts = 4
        // What is measured is each attempt's own deadline, not the delivery budget: a loaded machine that starves
        // the transport's timer thread must not make the budget end the delivery after its first attempt.
        policy.deliverySeconds = 3600
        // Backoff waits are not what is measured here; the attempts run on the real transport and clock.
        let delivery = WebhookDelivery(sleep: { _ in })
        let started = Date()
        let result = await delivery.post(Data("{}".utf8), to: receiver.url(token: "blackHOLE"), policy: policy)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 4)
        #expect(result.detail == "network error: timed out")
        #expect(receiver.requests.count == 4)
        // Four attempts of one second each (about 4 s alone). The ceiling is one silence of the receiver, not
        // 4 s: tests that block threads in parallel delay the timers and the resumption between attempts on a
        // 2-core machine (a single attempt was seen to take over a minute), and without the deadline one attempt
        // alone would take 300 s, four of them 1,200 s.
        #expect(elapsed >= 3.5 && elapsed < 300, "took \(elapsed) s")
    }
}
