/// A console log: XCTest (Linux or Apple form) and Swift Testing console lines, possibly mixed, with build output
/// around them; what a file no other format claims is read as.
package struct ConsoleFormat: InputFormat {
    package init() {}

    package var name: String { "console" }

    package func claims(head: InputHead) -> Bool { true }

    package func makeReader() -> InputReader { .console }

    /// Whether `line` (without CI prefix and colour codes) is a test result as xcpretty or xcbeautify print it:
    /// `✓ testFoo (0.001 seconds)`, `✗ testBar, message`, `✔ example() (0.001 seconds)`, `⊘ skipped() skipped`, or
    /// xcpretty's `▸ Running …`. Swift Testing's own lines (`✔ Test f() passed after …`) are not: they name `Test` or
    /// `Suite` after the symbol, or use a symbol no formatter does.
    package static func isFormattedTestLine(_ line: LineBytes) -> Bool {
        let start = line.skippingBlanks()
        // Every symbol below is three UTF-8 bytes starting with 0xE2, then a space.
        guard start + 4 <= line.count, line[start] == 0xE2, line[start + 3] == UInt8(ascii: " ") else { return false }
        if line.hasPrefix("✓ ", at: start) || line.hasPrefix("✗ ", at: start) || line.hasPrefix("✖ ", at: start)
            || line.hasPrefix("⊘ ", at: start) || line.hasPrefix("◷ ", at: start) || line.hasPrefix("▸ ", at: start)
        {
            return true
        }
        guard line.hasPrefix("✔ ", at: start) else { return false }
        return !line.hasPrefix("Test ", at: start + 4) && !line.hasPrefix("Suite ", at: start + 4)
    }
}
