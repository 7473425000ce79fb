/// Colour only on a TTY, never with `NO_COLOR` (no-color.org) or `TERM=dumb`, so logs and pipes stay plain.
package struct TerminalStyle: Sendable, Equatable {
    var colors: Bool

    package static let plain = TerminalStyle(colors: false)

    init(colors: Bool) { self.colors = colors }

    package init(output: any TextOutput, environment: [String: String]) {
        colors = output.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `text` in an SGR colour (`31` red, `1` bold), reset after.
    func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func mark(_ status: TestStatus) -> String {
        let style = StatusStyle.of(status)
        return paint(style.glyph, style.ansiColor)
    }
}
