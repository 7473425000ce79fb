/// Reads every line `ConsoleParser` interprets, in order: a split test line once, joined; lines inside it as such.
/// `insideRunningTest`: an XCTest test of the one process writing the log was running as the line came, so a suite or
/// totals line in it is what that test printed (`RunningXCTest.ownsTheConsole`).
package protocol ConsoleLineReader {
    mutating func read(_ line: LineBytes, insideRunningTest: Bool)
}

/// A `ConsoleLineReader` for callers that want only the events.
package struct IgnoredLines: ConsoleLineReader {
    package init() {}
    package mutating func read(_ line: LineBytes, insideRunningTest: Bool) {}
}
