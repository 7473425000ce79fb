import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real HTTP transport of `WebhookDelivery`: one ephemeral URLSession request.
package enum URLSessionTransport {
    package static func send(_ request: URLRequest) async throws -> (Int, [String: String], Data) {
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
        // Cancelled (an attempt past its deadline, see AttemptDeadline): stop the request too.
        let holder = TaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    let http = response as? HTTPURLResponse
                    var headers: [String: String] = [:]
                    for (key, value) in http?.allHeaderFields ?? [:] {
                        headers[String(describing: key)] = String(describing: value)
                    }
                    continuation.resume(returning: (http?.statusCode ?? 0, headers, data ?? Data()))
                }
                holder.set(task)
                task.resume()
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// The data task, for a cancellation that may arrive before or after it exists.
    private final class TaskHolder: @unchecked Sendable {
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var cancelled = false

        func set(_ task: URLSessionDataTask) {
            lock.lock()
            self.task = task
            let cancelNow = cancelled
            lock.unlock()
            if cancelNow { task.cancel() }
        }

        func cancel() {
            lock.lock()
            cancelled = true
            let task = self.task
            lock.unlock()
            task?.cancel()
        }
    }
}
