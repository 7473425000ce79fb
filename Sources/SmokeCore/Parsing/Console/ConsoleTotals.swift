/// The frameworks' own totals of a live run: each process's output is read as it runs (by `parse`'s
/// `LineInterpreter`) and summed in console.log order, so the run is checked without reading console.log back.
package struct ConsoleTotals: Sendable {
    private var parts: [(lineOffset: Int, reader: FrameworkTotalsReader)] = []

    package init() {}

    /// One process's reading, its output starting after line `lineOffset` of its log.
    package mutating func add(_ reader: FrameworkTotalsReader, afterLine lineOffset: Int) {
        parts.append((lineOffset, reader))
    }

    package mutating func add(_ other: ConsoleTotals) {
        parts += other.parts
    }

    /// The same readings, their log written after `lines` more lines (a worker's section put into console.log).
    package func shifted(by lines: Int) -> ConsoleTotals {
        var shifted = self
        shifted.parts = parts.map { ($0.lineOffset + lines, $0.reader) }
        return shifted
    }

    /// Each framework's totals over every process, each naming `path` and the line it was first read from.
    package func counts(from path: String) -> [FrameworkCount] { sum.counts(from: path) }

    /// The frameworks one process of which closed with totals and another did not (`partlyClosedFrameworks`).
    package var partlyClosedFrameworks: Set<TestFramework> { sum.partlyClosedFrameworks }

    private var sum: FrameworkTotalsReader {
        var sum = FrameworkTotalsReader()
        for part in parts.sorted(by: { $0.lineOffset < $1.lineOffset }) {
            sum.add(part.reader, lineOffset: part.lineOffset)
        }
        return sum
    }
}
