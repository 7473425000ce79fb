import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bounds one webhook attempt, whatever the transport does. A receiver that accepts the connection
/// and never answers (a black hole) must cost one timeout per attempt, not as long as the
/// transport's own timers allow (URLSession on Linux kept such a request open far longer), so four
/// attempts of 10 s and the backoff between them stay under about a minute.
package enum AttemptDeadline {
    /// Returns what `operation` returns, or throws `URLError(.timedOut)` once `timer(seconds)`
    /// returns first; the abandoned operation is cancelled and not waited for.
    package static func run<T: Sendable>(
        seconds: Double, timer: @escaping @Sendable (Double) async throws -> Void,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation,
                           work: Task { race.finish(await Result { try await operation() }) },
                           timer: Task {
                               try? await timer(seconds)
                               if !Task.isCancelled { race.finish(.failure(URLError(.timedOut))) }
                           })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The first of work, timer or cancellation to finish resumes the caller; the others are cancelled.
    private final class Race<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var early: Result<T, any Error>?
        private var tasks: [Task<Void, Never>] = []

        func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
            lock.lock()
            tasks = [work, timer]
            if let early {
                lock.unlock()
                work.cancel()
                timer.cancel()
                continuation.resume(with: early)
                return
            }
            self.continuation = continuation
            lock.unlock()
        }

        func finish(_ result: Result<T, any Error>) {
            lock.lock()
            guard let continuation else {
                // Finished before `start` stored the continuation (or after it resumed): first result wins.
                if early == nil { early = result }
                lock.unlock()
                return
            }
            self.continuation = nil
            early = result
            let tasks = self.tasks
            lock.unlock()
            for task in tasks { task.cancel() }
            continuation.resume(with: result)
        }
    }
}

extension Result where Failure == any Error {
    /// Captures an async throwing call's outcome.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
