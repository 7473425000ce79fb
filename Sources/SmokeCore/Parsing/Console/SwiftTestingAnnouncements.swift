/// Which of a console's Swift Testing lines are what they look like. Swift Testing announces each test it runs
/// (`◇ Test f() started.`) unless it is quiet (`swift test -q` prints issues only), so where a run announces its
/// tests, the result or issue of a test it never announced is text a test printed, or the second line of an
/// argument's description (`◇ Test case passing 1 argument s → …`). Printed lines come late or early (a test's
/// `print` is buffered, Swift Testing's lines are not): after the run's totals, or after XCTest's run and before Swift
/// Testing's starts, such a line is text too. Before either, and in a run whose start the input does not show, the
/// input may have lost its head (the last lines of a log): it is taken. A test announced may print its own result
/// line: the collector's rule decides (the last wins).
struct SwiftTestingAnnouncements {
    private enum Run { case notSeen, quiet, announcing, ended }
    private var run = Run.notSeen
    /// Whether the input showed a run's start (`◇ Test run started.`): before it, a run may have announced what is lost.
    private var sawRunStart = false
    private var sawXCTestSuite = false
    /// Tests announced and not ended yet, by their ref's hash: how many of that name.
    private var started: [Int: Int] = [:]
    /// Every test announced so far, by its ref's hash.
    private var announced: Set<Int> = []
    /// Between `◇ Test run started.` and the run's first event: its header, whose details (`↳ OS Version: …`, with
    /// `swift test -v`) detail the run, not the last issue before it.
    private var inHeader = false
    /// The last line was an attachment's (`⎙ Attached 'a.txt' to f().`): its detail (`↳ Written to '…'.`, with
    /// `--attachments-path`) is where the file went, no issue's text.
    private var afterAttachment = false
    /// Whether the last result, skip or cancel read ended an announced test.
    private(set) var endedAnnouncedTest = false

    var hasRunningTests: Bool { !started.isEmpty }

    mutating func noteXCTestSuite() { sawXCTestSuite = true }

    /// Reads a Swift Testing line's event (`text`: where its words start, after the symbol). Returns nil when the
    /// line is not what it looks like; a header's detail becomes `.ignored`.
    mutating func admit(_ event: TestEvent, _ line: LineBytes, text: Int) -> TestEvent? {
        var event = event
        if case .detail = event, inHeader || afterAttachment { event = .ignored }
        afterAttachment = event == .ignored && line.hasPrefix("Attached '", at: text)
        let startsRun = event == .ignored && line.hasPrefix("Test run started", at: text)
        inHeader = startsRun || (inHeader && event == .ignored)
        if startsRun {
            run = .quiet
            sawRunStart = true
            // The run before ended with its process: its tests still running are not this run's.
            started.removeAll()
        } else if event == .ignored, line.hasPrefix("Test run with", at: text) {
            run = .ended
        }
        switch event {
        case .testStarted(let ref):
            // A case's start (`Test case passing … to f() started.`) starts `f()` only where the input lost its own.
            if line.hasPrefix("Test case passing", at: text),
                sawRunStart || sawXCTestSuite || run == .ended || announced.contains(ref.hashValue)
            {
                return .ignored
            }
            started[ref.hashValue, default: 0] += 1
            announced.insert(ref.hashValue)
            if run != .ended { run = .announcing }
        case .testFinished(let ref, _, _), .skipped(let ref, _), .cancelled(let ref, _, _):
            let running = started[ref.hashValue]
            endedAnnouncedTest = running != nil
            if let running { started[ref.hashValue] = running > 1 ? running - 1 : nil }
            if case .testFinished = event, !takesUnannounced, !announced.contains(ref.hashValue) { return nil }
        case .issue(let ref?, _, _), .warning(let ref?, _):
            if !takesUnannounced, !announced.contains(ref.hashValue) { return nil }
        default: break
        }
        return event
    }

    /// Whether the run read now starts tests without announcing them (quiet), or the input may have lost the start.
    private var takesUnannounced: Bool { run == .quiet || (!sawRunStart && !sawXCTestSuite && run != .ended) }
}
