/// The last lines a process printed, colour codes removed, bounded: what an error shows of its output.
package struct OutputTail: Sendable, Equatable {
    package private(set) var lines: [String] = []
    let limit: Int

    package init(limit: Int = 15) {
        self.limit = limit
    }

    package mutating func append(_ line: String) {
        lines.append(Self.withoutEscapeSequences(line))
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }

    /// Removes `ESC [ parameters letter` sequences (the Swift Testing console's colours).
    static func withoutEscapeSequences(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var plain = ""
        var inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence {
                if scalar.properties.isAlphabetic { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return plain
    }
}
