import Dispatch
import Foundation
import SmokeCore

/// Turns SIGINT/SIGTERM into a cancellation flag while a run is going, so test processes are
/// stopped and the report is still written (status `interrupted`).
package final class SignalTrap: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal]

    private init(sources: [any DispatchSourceSignal]) { self.sources = sources }

    /// Starts trapping: the signals are ignored by the process and delivered to `onSignal` instead, until
    /// `release()` (or the trap is freed).
    package static func install(
        signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void
    ) -> SignalTrap {
        let sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { onSignal(number) }
            source.resume()
            return source
        }
        return SignalTrap(sources: sources)
    }

    /// Restores the default handling.
    package func release() {
        for source in sources {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
        sources.removeAll()
    }

    deinit { release() }
}
