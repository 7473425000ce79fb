import Foundation
import Testing

@testable import SmokeCore

/// The delivery budget: every attempt and wait of one notification together, on a simulated clock.
@Suite struct RetryPolicyBudgetTests {
    /// Seconds a delivery takes when every request runs into its timeout and the receiver asks for `retryAfter`,
    /// by the policy alone: the worst a hostile or broken receiver can make a run wait.
    private func worstCase(_ policy: RetryPolicy, retryAfter: Double?) -> (seconds: Double, attempts: Int) {
        var clock = 0.0
        var attempts = 0
        while let timeout = policy.requestTimeout(elapsed: clock) {
            attempts += 1
            clock += timeout
            guard let wait = policy.wait(afterAttempt: attempts, retryAfter: retryAfter, jitter: 1, elapsed: clock)
            else { break }
            clock += wait
        }
        return (clock, attempts)
    }

    @Test func aReceiverAskingForLongRetryAfterCannotHoldARunPastTheBudget() {
        let (seconds, attempts) = worstCase(RetryPolicy(), retryAfter: 3600)
        // Without a budget: 4 attempts of 10 s and 3 waits capped at 60 s, 220 s.
        #expect(seconds <= 60)
        #expect(attempts == 1)
    }

    @Test func timeoutsAndBackoffTogetherStayWithinTheBudget() {
        var policy = RetryPolicy()
        policy.maxAttempts = 10
        policy.timeoutSeconds = 30
        let (seconds, attempts) = worstCase(policy, retryAfter: nil)
        #expect(seconds <= 60)
        #expect(attempts == 2)
    }

    @Test func theLastRequestIsCutToWhatIsLeftOfTheBudget() {
        var policy = RetryPolicy()
        policy.deliverySeconds = 25
        #expect(policy.requestTimeout(elapsed: 0) == 10)
        #expect(policy.requestTimeout(elapsed: 20) == 5)
        #expect(policy.requestTimeout(elapsed: 25) == nil)
        #expect(policy.requestTimeout(elapsed: 90) == nil)
    }

    @Test func aWaitThatFitsIsKeptAndOneThatDoesNotEndsTheDelivery() {
        let policy = RetryPolicy()
        #expect(policy.wait(afterAttempt: 1, retryAfter: 7, jitter: 0.5, elapsed: 1) == 7)
        #expect(policy.wait(afterAttempt: 1, retryAfter: 7, jitter: 0.5, elapsed: 53) == nil)
        #expect(policy.wait(afterAttempt: 2, retryAfter: nil, jitter: 0.5, elapsed: 0) == 1.5)
        #expect(policy.wait(afterAttempt: 4, retryAfter: nil, jitter: 0.5, elapsed: 0) == nil)
    }

    @Test func theBudgetComesFromTheSettings() {
        var settings = NotifySettings()
        #expect(RetryPolicy(settings: settings).deliverySeconds == 60)
        settings.deliverySeconds = 15
        #expect(RetryPolicy(settings: settings).deliverySeconds == 15)
        settings.deliverySeconds = 0
        #expect(RetryPolicy(settings: settings).deliverySeconds == 60)
    }
}
