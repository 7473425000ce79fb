import Dispatch
import Foundation
import SmokeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real HTTP transport of `WebhookDelivery`: one ephemeral URLSession request. A redirect is followed only to
/// the same scheme, host and port (Documentation/Design.md §9): a 307 to another port or host is the answer, not
/// a new destination for the secret-bearing request.
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
        let attempt = Attempt(origin: request.url)
        // A task with a completion handler follows every redirect without asking; the delegate's is asked.
        let session = URLSession(configuration: configuration, delegate: attempt, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
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

    /// Whether a redirect from `origin` to `target` stays on the same scheme, host and port.
    static func isSameOrigin(_ origin: URL?, _ target: URL?) -> Bool {
        guard let origin, let target, let scheme = origin.scheme?.lowercased(),
            scheme == target.scheme?.lowercased(), let host = origin.host?.lowercased(),
            host == target.host?.lowercased()
        else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        return (origin.port ?? defaultPort) == (target.port ?? defaultPort)
    }

    /// One request and its session's delegate: the first of answer, deadline or cancellation resumes the caller
    /// and cancels the request; the others are ignored.
    private final class Attempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        typealias Answer = (Int, [String: String], Data)
        private let origin: URL?
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var continuation: CheckedContinuation<Answer, any Error>?
        private var early: Result<Answer, any Error>?
        private var done = false
        private var body = Data()

        init(origin: URL?) { self.origin = origin }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            // nil: the redirect's own response is the answer.
            completionHandler(URLSessionTransport.isSameOrigin(origin, request.url) ? request : nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            body.append(data)
            lock.unlock()
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error {
                finish(.failure(error))
                return
            }
            let http = task.response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (key, value) in http?.allHeaderFields ?? [:] {
                headers[String(describing: key)] = String(describing: value)
            }
            lock.lock()
            let data = body
            lock.unlock()
            finish(.success((http?.statusCode ?? 0, headers, data)))
        }

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
