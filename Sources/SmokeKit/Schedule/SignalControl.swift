import Dispatch
import Foundation
import SmokeCore

/// Turns SIGINT/SIGTERM into `.stop` and SIGHUP into `.reload`, for as long as the stream is iterated.
enum SignalControl {
    /// A do-nothing handler replaces each default action first (so the process is not killed before
    /// the Dispatch source delivers the signal); ending the stream restores the defaults.
    /// Not `SIG_IGN`: an ignored signal stays ignored in child processes across exec, and the
    /// runner must be able to stop its test processes with SIGTERM. A caught one resets to default.
    static func stream() -> AsyncStream<SchedulerControl> {
        let (stream, continuation) = AsyncStream<SchedulerControl>.makeStream()
        let signals: [(Int32, SchedulerControl)] = [(SIGINT, .stop), (SIGTERM, .stop), (SIGHUP, .reload)]
        let sources = SignalSources(
            signals.map { number, control in
                signal(number, { _ in })
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
