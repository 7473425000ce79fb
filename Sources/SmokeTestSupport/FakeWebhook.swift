import Foundation
import SmokeCore

@testable import SmokeCoreTestSupport
@testable import SmokeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A scripted webhook for delivery tests: answers from a list, records requests and waits.
package final class FakeWebhook: @unchecked Sendable {
    package enum Answer {
        case status(Int, headers: [String: String] = [:], body: String = "")
        case networkError(URLError.Code)
    }

    private let lock = NSLock()
    private var answers: [Answer]
    package private(set) var requests: [URLRequest] = []
    package private(set) var sleeps: [Double] = []
    /// Seconds each answer takes on the fake monotonic clock, which also moves by every wait.
    private let answerSeconds: Double
    private var elapsed: Double = 0

    /// Answers in order; the last one repeats.
    package init(_ answers: [Answer], answerSeconds: Double = 0) {
        self.answers = answers
        self.answerSeconds = answerSeconds
    }

    package var delivery: WebhookDelivery {
        WebhookDelivery(
            transport: { request in try self.answer(request) },
            sleep: { seconds in self.record(sleep: seconds) },
            jitter: { 0.5 },
            now: { NotifyFixtures.firstRun },
            uptime: { self.uptime }
        )
    }

    /// Seconds the fake clock has moved: answers and waits.
    package var uptime: Double {
        lock.lock()
        defer { lock.unlock() }
        return elapsed
    }

    private func answer(_ request: URLRequest) throws -> (Int, [String: String], Data) {
        lock.lock()
        defer { lock.unlock() }
        requests.append(request)
        elapsed += answerSeconds
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        switch answer {
        case .status(let code, let headers, let body): return (code, headers, Data(body.utf8))
        case .networkError(let code): throw URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: request.url!])
        }
    }

    private func record(sleep seconds: Double) {
        lock.lock()
        sleeps.append(seconds)
        elapsed += seconds
        lock.unlock()
    }

    package var requestCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return requests.count
    }
}
