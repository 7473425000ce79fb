/// The live line while tests run: `[12/40] TipTests/testTotal ✔`, with the device on a multi-device run
/// (`[52/80] iPhone 15 (2/2) · TipTests/testTotal ✔`). Pure.
package enum ProgressLine {
    static func symbol(for status: TestStatus) -> String { StatusStyle.of(status).glyph }

    /// Fits `width` columns by shortening the test name from the left.
    /// Colour (when `style` has it) wraps only the mark, so the width arithmetic counts visible columns.
    package static func render(_ test: TestResult, position: Int, total: Int, width: Int, style: TerminalStyle = .plain)
        -> String
    {
        let prefix =
            "[\(position)/\(total)] " + (test.device.map { "\(TerminalText.escaped($0, newlines: false)) · " } ?? "")
        let suffix = " \(symbol(for: test.status))" + (test.flaky ? " (flaky)" : "")
        let name = TerminalText.escaped("\(test.suite)/\(test.name)", newlines: false)
        let room = max(8, width - prefix.count - suffix.count - 1)
        let shown = name.count > room ? "…" + name.suffix(room - 1) : name
        return prefix + shown + " " + style.mark(test.status) + (test.flaky ? " (flaky)" : "")
    }
}
