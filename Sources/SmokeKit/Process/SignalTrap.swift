import Dispatch
import Foundation
import SmokeCore

/// The one way smokerun takes SIGINT/SIGTERM (and the scheduler's SIGHUP): to a closure (`install`: set the
/// cancellation flag so tests stop and the report is still written) or a stream (`stream`), until released.
/// Trapped signals get a do-nothing handler, never `SIG_IGN`: an ignored signal stays ignored across exec in a
/// child not started by `ChildProcess`. Releasing restores the defaults.
package final class SignalTrap: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [(number: Int32, source: any DispatchSourceSignal)]

    private init(sources: [(number: Int32, source: any DispatchSourceSignal)]) { self.sources = sources }

    /// Delivers each of `signals` to `onSignal` instead of ending the process, until `release()` or freed.
    package static func install(
        signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void
    ) -> SignalTrap {
        SignalTrap(
            sources: signals.map { number in
                signal(number, { _ in })
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { onSignal(number) }
                source.resume()
                return (number, source)
            })
    }

    /// The trapped signals as a stream of what each means, for as long as the stream is iterated.
    package static func stream<Meaning: Sendable>(_ meanings: [Int32: Meaning]) -> AsyncStream<Meaning> {
        let (stream, continuation) = AsyncStream<Meaning>.makeStream()
        let trap = install(signals: meanings.keys.sorted()) { number in
            if let meaning = meanings[number] { continuation.yield(meaning) }
        }
        continuation.onTermination = { _ in trap.release() }
        return stream
    }

    /// Restores the default handling.
    package func release() {
        lock.lock()
        let released = sources
        sources.removeAll()
        lock.unlock()
        for (number, source) in released {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }

    deinit { release() }
}
