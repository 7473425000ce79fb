/// Where `LineInterpreter` hands a file's test events, each with the number of the line that made it.
package protocol LineEventSink {
    mutating func take(_ event: TestEvent, line: Int)
    /// A line that could not be read at all (an event-stream record that is not JSON, or of an unknown kind).
    mutating func countUnrecognizedLine(_ line: Int)
    /// `take(.testStarted(ref), line:)` with the ref borrowed: no event to wrap for nearly every line of a big log.
    mutating func takeTestStarted(_ ref: TestRef, line: Int)
    mutating func takeTestFinished(_ ref: TestRef, status: TestStatus, durationSeconds: Double?, line: Int)
}

extension LineEventSink {
    package mutating func takeTestStarted(_ ref: TestRef, line: Int) { take(.testStarted(ref), line: line) }

    package mutating func takeTestFinished(_ ref: TestRef, status: TestStatus, durationSeconds: Double?, line: Int) {
        take(.testFinished(ref, status, durationSeconds: durationSeconds), line: line)
    }
}

/// The sink that applies each event to the collector at once, and notes the first line it did not understand.
package struct CollectorSink: LineEventSink {
    package var collector: ResultCollector
    package private(set) var firstUnrecognizedLine: Int?

    package init(collector: ResultCollector) {
        self.collector = collector
    }

    @inline(__always)
    package mutating func take(_ event: TestEvent, line: Int) {
        let unrecognizedBefore = collector.unrecognizedLineCount
        collector.line = line
        collector.apply(event)
        if firstUnrecognizedLine == nil, collector.unrecognizedLineCount > unrecognizedBefore {
            firstUnrecognizedLine = line
        }
    }

    // A test's start or end never counts a line as unrecognized.
    @inline(__always)
    package mutating func takeTestStarted(_ ref: TestRef, line: Int) {
        collector.line = line
        collector.testStarted(ref)
    }

    @inline(__always)
    package mutating func takeTestFinished(_ ref: TestRef, status: TestStatus, durationSeconds: Double?, line: Int) {
        collector.line = line
        collector.testFinished(ref, as: status, durationSeconds: durationSeconds)
    }

    package mutating func countUnrecognizedLine(_ line: Int) {
        collector.countUnrecognizedLine()
        if firstUnrecognizedLine == nil { firstUnrecognizedLine = line }
    }
}
