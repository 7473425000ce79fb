import Foundation

/// What `run` prints when it is done: the failing tests (stderr) and one totals line (stdout). Pure.
package enum RunSummary {
    /// Each failing test with its location, message and history notes; a quarantined one is marked with its entry.
    package static func failureLines(
        _ report: RunReport, style: TerminalStyle, notes: [String: String] = [:]
    ) -> [String] {
        var lines: [String] = []
        for test in report.failingTests {
            let failure = test.headlineFailure
            // What the tests named and said is shown, never acted on by the terminal.
            let location = failure?.location.map { " (\(TerminalText.escaped($0, newlines: false)))" } ?? ""
            let label = style.paint(StatusStyle.of(test.status).label, StatusStyle.of(test.status).ansiColor)
            let name = TerminalText.escaped(test.titledID + DeviceGroups.suffix(test), newlines: false)
            let entry = report.quarantineEntry(for: test)
            let mark = entry == nil ? "" : style.paint(", quarantined", "90")
            lines.append("\(style.mark(test.status)) \(style.paint(name, "1")) \(label)\(mark)\(location)")
            if let message = failure?.message {
                lines.append("    \(TerminalText.escaped(String(message.split(separator: "\n").first ?? "")))")
            }
            if let order = test.orderDependence {
                let said = order.text(testID: test.id, runID: report.runID)
                lines.append("    \(TerminalText.escaped(said, newlines: false))")
            }
            if let note = notes[test.deviceKey] {
                lines.append(style.paint("    \(TerminalText.escaped(note, newlines: false))", "90"))
            }
            if let entry {
                lines.append(
                    "    quarantine: \(TerminalText.escaped(QuarantineTable.describe(entry), newlines: false))")
            }
        }
        return lines
    }

    /// `smoke: failed — 12 tests: 9 passed, 1 failed, 1 crashed, 1 expected failure in 3.2 s, seed 42`.
    package static func totalsLine(_ report: RunReport, style: TerminalStyle) -> String {
        let t = report.totals
        let passed = "\(t.passed) passed"
        let failed = "\(t.failed) failed"
        var parts = [
            t.passed > 0 ? style.paint(passed, "32") : passed, t.failed > 0 ? style.paint(failed, "31") : failed,
        ]
        if t.crashed > 0 { parts.append(style.paint("\(t.crashed) crashed", "31")) }
        if t.timedOut > 0 { parts.append(style.paint("\(t.timedOut) timed out", "31")) }
        if t.interrupted > 0 { parts.append(style.paint("\(t.interrupted) interrupted", "90")) }
        if t.unfinished > 0 { parts.append(style.paint("\(t.unfinished) without a result", "90")) }
        if t.skipped > 0 { parts.append(style.paint("\(t.skipped) skipped", "33")) }
        if t.expectedFailures > 0 { parts.append(ReportText.count(t.expectedFailures, "expected failure")) }
        if t.flaky > 0 { parts.append(style.paint("\(t.flaky) flaky", "33")) }
        let seed = report.seed.map { ", seed \($0)" } ?? ""
        let runStyle = StatusStyle.of(report.status)
        let status = style.paint(runStyle.label, "1;" + runStyle.ansiColor)
        return """
            \(report.pipeline): \(status) — \(ReportText.count(t.tests, "test")): \(parts.joined(separator: ", ")) in \
            \(String(format: "%.1f", report.durationSeconds)) s\(seed)
            """
    }

    /// "origin: commit a1b2c3d4e5f6 on main (uncommitted changes) · host buildbox"; nil when neither is known.
    package static func originLine(_ report: RunReport) -> String? {
        report.origin?.summaryText.map { "origin: " + TerminalText.escaped($0, newlines: false) }
    }

    /// A new failure's suspect commits, as summary.md lists them. A subject is anyone's text, so it is escaped.
    package static func suspectsLines(_ report: RunReport) -> [String] {
        guard let suspects = report.suspects else { return [] }
        let more = suspects.more > 0 ? ["…and \(suspects.more) more"] : []
        return [TerminalText.escaped(suspects.headline, newlines: false)]
            + (suspects.commitLines + more).map { "    " + TerminalText.escaped($0, newlines: false) }
    }

    /// The line coverage, rounded down as every report shows it: 99.96% is not 100%.
    package static func coverageLine(_ coverage: CoverageSummary) -> String {
        guard coverage.lines.count > 0 else {
            return "coverage: nothing measured (the included files have no executable line; see coverage.include)"
        }
        return "coverage: \(coverage.lines.percentText) of lines (\(coverage.lines.covered)/\(coverage.lines.count))"
    }

    /// Whether a notification is worth a line without `-v`: something was sent, or failed to be sent.
    package static func isWorthShowing(_ record: NotificationRecord) -> Bool {
        record.outcome != .suppressed
    }
}
