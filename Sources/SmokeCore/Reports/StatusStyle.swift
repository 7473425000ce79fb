/// How the reports and the terminal present a test status: one switch, so a new status is one line.
package struct StatusStyle: Sendable, Equatable {
    /// Words for people: `expected failure`.
    package var label: String
    /// Markdown (GitHub renders emoji everywhere).
    var emoji: String
    /// The terminal's one-column mark.
    package var glyph: String
    /// SGR colour code for the terminal (`32` green).
    package var ansiColor: String
    /// The page's inline SVG icon.
    var icon: HTMLIcon
    /// CSS class for colour in the page: `passed`, `failed`, `skipped`, `neutral`.
    var tone: String

    package static func of(_ status: TestStatus) -> StatusStyle {
        switch status {
        case .passed:
            StatusStyle(label: "passed", emoji: "✅", glyph: "✔", ansiColor: "32", icon: .check, tone: "passed")
        case .failed:
            StatusStyle(label: "failed", emoji: "❌", glyph: "✘", ansiColor: "31", icon: .cross, tone: "failed")
        case .skipped:
            StatusStyle(label: "skipped", emoji: "⏭️", glyph: "➜", ansiColor: "33", icon: .skip, tone: "skipped")
        case .expectedFailure:
            StatusStyle(
                label: "expected failure", emoji: "☑️", glyph: "━", ansiColor: "36", icon: .dash, tone: "neutral")
        case .crashed:
            StatusStyle(label: "crashed", emoji: "💥", glyph: "✘", ansiColor: "31", icon: .bolt, tone: "failed")
        case .timedOut:
            StatusStyle(label: "timed out", emoji: "⏱️", glyph: "⏱", ansiColor: "31", icon: .clock, tone: "failed")
        case .interrupted:
            StatusStyle(label: "interrupted", emoji: "⏹️", glyph: "■", ansiColor: "90", icon: .stop, tone: "neutral")
        case .unfinished:
            StatusStyle(label: "unfinished", emoji: "❔", glyph: "?", ansiColor: "90", icon: .dash, tone: "neutral")
        }
    }

    package static func of(_ status: RunStatus) -> StatusStyle {
        switch status {
        case .passed:
            StatusStyle(label: "passed", emoji: "✅", glyph: "✔", ansiColor: "32", icon: .check, tone: "passed")
        case .failed:
            StatusStyle(label: "failed", emoji: "❌", glyph: "✘", ansiColor: "31", icon: .cross, tone: "failed")
        case .error: StatusStyle(label: "error", emoji: "⚠️", glyph: "!", ansiColor: "33", icon: .warning, tone: "error")
        case .interrupted:
            StatusStyle(label: "interrupted", emoji: "⏹️", glyph: "■", ansiColor: "90", icon: .stop, tone: "neutral")
        case .incomplete:
            StatusStyle(label: "incomplete", emoji: "❔", glyph: "?", ansiColor: "33", icon: .warning, tone: "neutral")
        }
    }
}
