/// Where `LineInterpreter` hands a file's test events, each with the number of the line that made it.
package protocol LineEventSink {
    mutating func take(_ event: TestEvent, line: Int)
    /// A line that could not be read at all (an event-stream record that is not JSON, or of an unknown kind).
    mutating func countUnrecognizedLine(_ line: Int)
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
        collector.apply(event)
        if firstUnrecognizedLine == nil, collector.unrecognizedLineCount > unrecognizedBefore {
            firstUnrecognizedLine = line
        }
    }

    package mutating func countUnrecognizedLine(_ line: Int) {
        collector.countUnrecognizedLine()
        if firstUnrecognizedLine == nil { firstUnrecognizedLine = line }
    }
}
