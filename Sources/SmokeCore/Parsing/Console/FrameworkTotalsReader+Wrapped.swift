extension FrameworkTotalsReader {
    /// Reads a line as a log has it: without the CI prefix `unwrapper` recognises and without colour codes (a run's
    /// `console.log` holds Swift Testing's coloured `✔ Test run with 3 tests …`), as the parser's own lines are read.
    package mutating func readWrapped(_ rawLine: LineBytes, unwrapper: inout LineUnwrapper) {
        guard let contentStart = unwrapper.contentStart(of: rawLine) else { return }
        let line = contentStart == 0 ? rawLine : UnsafeBufferPointer(rebasing: rawLine[contentStart...])
        var plain: [UInt8] = []
        if ColourCodes.remove(from: line, into: &plain) {
            plain.withUnsafeBufferPointer { self.read($0) }
        } else {
            self.read(line)
        }
    }
}
