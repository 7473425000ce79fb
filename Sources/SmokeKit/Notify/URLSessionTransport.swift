import Dispatch
import Foundation
import SmokeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real HTTP transport of `WebhookDelivery`: one ephemeral URLSession request read through a delegate, at most
/// `responseLimit` bytes, so an endless body never fills memory. A redirect is followed only when it repeats the
/// request (307, 308) to the same scheme, host and port, with the message: anything else is the answer, not a new
/// destination for the secret-bearing request, nor a GET without the message taken for its delivery (301, 302, 303).
enum URLSessionTransport {
    /// How much of a response body is kept; the request ends there.
    static let responseLimit = 64 * 1024

    static func send(_ request: URLRequest) async throws -> (Int, [String: String], Data) {
        try await send(request, limit: responseLimit)
    }

    /// How many redirects one request follows.
    static let redirectLimit = 5

    /// Sends `request`; a 307 or 308 to the same origin sends it again, message and all, to the new place (URLSession
    /// on Linux would follow it with the body dropped).
    static func send(_ request: URLRequest, limit: Int) async throws -> (Int, [String: String], Data) {
        var request = request
        var answer = try await sendOnce(request, limit: limit)
        for _ in 0..<redirectLimit {
            guard [307, 308].contains(answer.0),
                let location = answer.1.first(where: { $0.key.lowercased() == "location" })?.value,
                let url = URL(string: location, relativeTo: request.url)?.absoluteURL,
                isSameOrigin(request.url, url)
            else { break }
            request.url = url
            answer = try await sendOnce(request, limit: limit)
        }
        return answer
    }

    private static func sendOnce(_ request: URLRequest, limit: Int) async throws -> (Int, [String: String], Data) {
        // swift-corelibs-foundation hands whole seconds to libcurl (0.5 s becomes an instant timeout): at least one.
        let timeout = max(request.timeoutInterval.rounded(.up), 1)
        var request = request
        request.timeoutInterval = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let attempt = Attempt(limit: limit)
        // A task with a completion handler follows every redirect without asking; the delegate's is asked (and
        // follows none: `send` does).
        let session = URLSession(
            configuration: configuration, delegate: attempt, delegateQueue: AnswerQueue(attempt: attempt))
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                attempt.start(task, continuation)
                // The attempt's own deadline, on a dispatch timer: a receiver that never answers costs one timeout per
                // attempt, whatever libcurl's timers do.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { attempt.timeOut() }
                task.resume()
            }
        } onCancel: {
            attempt.finish(.failure(CancellationError()))
        }
    }

    static func isSameOrigin(_ origin: URL?, _ target: URL?) -> Bool {
        guard let origin, let target, let scheme = origin.scheme?.lowercased(),
            scheme == target.scheme?.lowercased(), let host = origin.host?.lowercased(),
            host == target.host?.lowercased()
        else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        return (origin.port ?? defaultPort) == (target.port ?? defaultPort)
    }

    /// The delegate's queue. swift-corelibs-foundation goes on handing it body pieces after a cancel, until the
    /// cancellation reaches libcurl's queue: once answered they are dropped here; before that, a delegate `backlog`
    /// pieces behind holds libcurl until it catches up.
    private final class AnswerQueue: OperationQueue, @unchecked Sendable {
        static let backlog = 64
        private let attempt: Attempt

        init(attempt: Attempt) {
            self.attempt = attempt
            super.init()
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @Sendable @escaping () -> Void) {
            // Bounded by the attempt: its deadline marks it done.
            while !attempt.isDone, operationCount >= Self.backlog { usleep(1_000) }
            // Once the task is over, what comes is the session's own ending (which lets the delegate go): kept.
            if attempt.isDone, attempt.isTaskUnderWay { return }
            super.addOperation(block)
        }
    }

    /// One request: the first of answer, deadline or cancellation resumes the caller and cancels the request.
    private final class Attempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        typealias Answer = (Int, [String: String], Data)
        private let limit: Int
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var continuation: CheckedContinuation<Answer, any Error>?
        private var early: Result<Answer, any Error>?
        private var done = false
        private var status = 0
        private var headers: [String: String] = [:]
        private var body = Data()

        init(limit: Int) { self.limit = limit }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest redirected: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            // The redirect's own response is the answer.
            completionHandler(nil)
        }

        /// Whether the request is still reading (a cancelled one until the cancellation reaches libcurl).
        var isTaskUnderWay: Bool {
            lock.lock()
            let task = self.task
            lock.unlock()
            guard let task else { return true }
            return task.state != .completed
        }

        var isDone: Bool {
            lock.lock()
            defer { lock.unlock() }
            return done
        }

        static func fields(_ http: HTTPURLResponse?) -> [String: String] {
            var fields: [String: String] = [:]
            for (key, value) in http?.allHeaderFields ?? [:] {
                fields[String(describing: key)] = String(describing: value)
            }
            return fields
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

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let http = response as? HTTPURLResponse
            let fields = Self.fields(http)
            lock.lock()
            (status, headers) = (http?.statusCode ?? 0, fields)
            lock.unlock()
            // A body announced larger than the limit is never read: the status and headers are the answer.
            if response.expectedContentLength > Int64(limit) {
                finish(.success((http?.statusCode ?? 0, fields, Data())))
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            body.append(data.prefix(limit - body.count))
            let full = body.count >= limit
            let answer = (status, headers, body)
            lock.unlock()
            // Enough of the answer: the rest is not read (cancelled in `finish`).
            if full { finish(.success(answer), cancelling: true) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if error != nil {
                timeOut(error)
                return
            }
            lock.lock()
            if status == 0, let http = task.response as? HTTPURLResponse {
                (status, headers) = (http.statusCode, Self.fields(http))
            }
            let answer = (status, headers, body)
            lock.unlock()
            finish(.success(answer))
        }

        /// The deadline came, or the request failed (`error`). A receiver that answered 2xx has the message, however
        /// slowly the rest of its answer comes: delivered (retrying would post the message again).
        func timeOut(_ error: (any Error)? = nil) {
            lock.lock()
            let answer = (status, headers, body)
            lock.unlock()
            let delivered = (200..<300).contains(answer.0)
            finish(delivered ? .success(answer) : .failure(error ?? URLError(.timedOut)), cancelling: true)
        }

        func finish(_ result: Result<Answer, any Error>, cancelling: Bool = false) {
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
            if cancelling { task?.cancel() }
            if case .failure = result { task?.cancel() }
            continuation.resume(with: result)
        }
    }
}
