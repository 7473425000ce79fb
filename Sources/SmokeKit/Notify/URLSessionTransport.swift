import Dispatch
import Foundation
import SmokeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real HTTP transport of `WebhookDelivery`: one ephemeral URLSession request.
enum URLSessionTransport {
    static func send(_ request: URLRequest) async throws -> (Int, [String: String], Data) {
        // swift-corelibs-foundation hands whole seconds to libcurl, so 0.5 s became 0: an instant
        // timeout (measured on 6.3.1). Whole seconds, at least one, behave the same everywhere.
        let timeout = max(request.timeoutInterval.rounded(.up), 1)
        var request = request
        request.timeoutInterval = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let attempt = Attempt()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        attempt.finish(.failure(error))
                        return
                    }
                    let http = response as? HTTPURLResponse
                    var headers: [String: String] = [:]
                    for (key, value) in http?.allHeaderFields ?? [:] {
                        headers[String(describing: key)] = String(describing: value)
                    }
                    attempt.finish(.success((http?.statusCode ?? 0, headers, data ?? Data())))
                }
                attempt.start(task, continuation)
                // The attempt's own deadline, on a dispatch timer rather than libcurl's: a receiver
                // that accepts and never answers, or a connection that never completes, must cost
                // one timeout per attempt, whatever libcurl's timers do.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                    attempt.finish(.failure(URLError(.timedOut)))
                }
                task.resume()
            }
        } onCancel: {
            attempt.finish(.failure(CancellationError()))
        }
    }

    /// One request: the first of answer, deadline or cancellation resumes the caller and cancels the
    /// request; the others are ignored.
    private final class Attempt: @unchecked Sendable {
        typealias Answer = (Int, [String: String], Data)
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var continuation: CheckedContinuation<Answer, any Error>?
        private var early: Result<Answer, any Error>?
        private var done = false

        func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Answer, any Error>) {
            lock.lock()
            self.task = task
            if let early {
                lock.unlock()
                task.cancel()
                continuation.resume(with: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }

        func finish(_ result: Result<Answer, any Error>) {
            lock.lock()
            guard !done else {
                lock.unlock()
                return
            }
            done = true
            guard let continuation else {
                // Cancelled before the request was made: `start` resumes with this.
                early = result
                lock.unlock()
                return
            }
            self.continuation = nil
            let task = self.task
            lock.unlock()
            if case .failure = result { task?.cancel() }
            continuation.resume(with: result)
        }
    }
}
