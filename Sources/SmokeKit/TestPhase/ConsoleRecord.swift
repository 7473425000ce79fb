import Foundation
import SmokeCore

/// A Swift Testing process's console events, which its event stream says better: kept (bounded) so that a stream
/// that stayed empty, because nothing could be written to it, does not turn tests the console shows ending into
/// crashes or tests the runner never ran.
struct ConsoleRecord {
    private var events: [(event: TestEvent, line: Int)] = []
    private(set) var holdsTests = false
    private var full = false
    /// Beyond this many events the console is not kept: a fallback, not a second copy of a big run.
    static let limit = 200_000

    mutating func keep(_ event: TestEvent, line: Int) {
        guard !full else { return }
        guard events.count < Self.limit else {
            (events, holdsTests, full) = ([], false, true)
            return
        }
        if case .testFinished = event { holdsTests = true }
        events.append((event, line))
    }

    /// Drops what was kept and keeps nothing more: the stream speaks.
    mutating func release() {
        guard !full else { return }
        (events, holdsTests, full) = ([], false, true)
    }

    func replay(_ body: (TestEvent, Int) -> Void) {
        for (event, line) in events { body(event, line) }
    }

    /// Said in the report when the console stood in for the stream.
    static func note(_ stream: URL?) -> InfrastructureError {
        InfrastructureError(
            message: """
                the Swift Testing event stream \(RunDirectory.shownName(ofEventStream: stream)) stayed empty (nothing could be \
                written to the run folder?): these tests' results were read from the test process's console output
                """,
            severity: .warning)
    }
}
