import Foundation

/// The live line while tests run: `[12/40] TipTests/testTotal ✔` (with the device on a multi-device run);
/// a running test shows `…` and, after a while, its time, so a hang shows. Pure.
package enum ProgressLine {
    static func symbol(for status: TestStatus) -> String { StatusStyle.of(status).glyph }

    /// Fits `width` columns by shortening the name from the left; colour wraps only the mark, outside the count.
    package static func render(_ test: TestResult, position: Int, total: Int, width: Int, style: TerminalStyle = .plain)
        -> String
    {
        let prefix =
            "[\(position)/\(total)] " + (test.device.map { "\(TerminalText.escaped($0, newlines: false)) · " } ?? "")
        let suffix = " \(symbol(for: test.status))" + (test.flaky ? " (flaky)" : "")
        let base = "\(test.suite)/\(test.name)"
        let name = TerminalText.escaped(test.displayName.map { "\"\($0)\" (\(base))" } ?? base, newlines: false)
        let room = max(8, width - prefix.count - suffix.count - 1)
        let shown = name.count > room ? "…" + name.suffix(room - 1) : name
        return prefix + shown + " " + style.mark(test.status) + (test.flaky ? " (flaky)" : "")
    }

    /// A test that has run this long shows its time on the live line.
    package static let elapsedShownAfter: Double = 5

    /// The test running now: the live line from its start line until it finishes.
    package struct Running: Sendable, Equatable {
        package var id: String
        package var position: Int
        package var total: Int
        package var startedAt: Date

        package init(id: String, position: Int, total: Int, startedAt: Date) {
            (self.id, self.position, self.total, self.startedAt) = (id, position, total, startedAt)
        }

        /// `[13/40] TipTests/testSlow …`, with its time from `elapsedShownAfter` seconds.
        package func line(at now: Date, width: Int) -> String {
            let elapsed = now.timeIntervalSince(startedAt)
            let prefix = "[\(position)/\(total)] "
            let suffix = " …" + (elapsed >= elapsedShownAfter ? " " + ProgressLine.duration(elapsed) : "")
            let name = TerminalText.escaped(ProgressLine.shownName(id), newlines: false)
            let room = max(8, width - prefix.count - suffix.count)
            return prefix + (name.count > room ? "…" + name.suffix(room - 1) : name) + suffix
        }
    }

    /// A test id without its module, as the finished line names it (`SumTests/testSlowSum`).
    static func shownName(_ id: String) -> String {
        guard let slash = id.firstIndex(of: "/"), let dot = id[..<slash].firstIndex(of: ".") else { return id }
        return String(id[id.index(after: dot)...])
    }

    /// `7s`, `3m 05s`, `1h 02m`: whole seconds.
    package static func duration(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded(.down))
        if whole < 60 { return "\(whole)s" }
        if whole < 3_600 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        return String(format: "%dh %02dm", whole / 3_600, whole % 3_600 / 60)
    }
}
