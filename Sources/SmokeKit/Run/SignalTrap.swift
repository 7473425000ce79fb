import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into a cancellation flag while a run is going, so test processes are
/// stopped and the report is still written (status `interrupted`).
package final class SignalTrap: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []

    package init(signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { onSignal(number) }
            source.resume()
            sources.append(source)
        }
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
