import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into `.stop` and SIGHUP into `.reload`, for as long as the stream is iterated.
package enum SignalControl {
    /// The default actions are ignored first (so the process is not killed before the handler runs),
    /// then Dispatch sources deliver the signals; ending the stream restores the defaults.
    package static func stream() -> AsyncStream<SchedulerControl> {
        let (stream, continuation) = AsyncStream<SchedulerControl>.makeStream()
        let signals: [(Int32, SchedulerControl)] = [(SIGINT, .stop), (SIGTERM, .stop), (SIGHUP, .reload)]
        let sources = SignalSources(signals.map { number, control in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(control) }
            source.resume()
            return (number, source)
        })
        continuation.onTermination = { _ in sources.cancel() }
        return stream
    }

    private final class SignalSources: @unchecked Sendable {
        let sources: [(Int32, any DispatchSourceSignal)]
        init(_ sources: [(Int32, any DispatchSourceSignal)]) { self.sources = sources }

        func cancel() {
            for (number, source) in sources {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
    }
}
