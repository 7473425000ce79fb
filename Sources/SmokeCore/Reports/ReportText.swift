import Foundation

/// Wording and number formats the human-readable reports share, so they agree with each other.
package enum ReportText {
    /// Seconds with millisecond precision, independent of the locale: `1.250`.
    static func seconds(_ value: Double) -> String {
        guard let thousandths = roundedThousandths(value) else { return String(format: "%.3f", finite(value)) }
        let fraction = thousandths % 1000
        let padding = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
        return "\(thousandths / 1000).\(padding)\(fraction)"
    }

    /// `seconds(value)` appended to `sink`, without a `String` in the usual case.
    static func appendSeconds(_ value: Double, to sink: inout ReportSink) {
        guard let thousandths = roundedThousandths(value) else { return sink.append(seconds(value)) }
        let fraction = thousandths % 1000
        sink.append(decimal: thousandths / 1000)
        sink.append(fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".")
        sink.append(decimal: fraction)
    }

    /// `value` in whole thousandths, rounded by hand instead of `String(format:)`. Nil when the value is negative,
    /// huge, or so near a tie between two thousandths that printf's exact rounding matters.
    private static func roundedThousandths(_ value: Double) -> Int? {
        let value = finite(value)
        let scaled = value * 1000
        let whole = scaled.rounded(.down)
        guard value >= 0, scaled < 1e9, abs(scaled - whole - 0.5) > 1e-6 else { return nil }
        return Int(scaled.rounded())
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// A short human duration: `850 ms`, `12.3 s`, `4 min 05 s`.
    static func duration(_ value: Double) -> String {
        let value = value.isFinite ? max(0, value) : 0
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if value < 60 { return String(format: "%.1f s", value) }
        let total = Int(clampingRounded: value)
        return String(format: "%ld min %02ld s", total / 60, total % 60)
    }

    /// A test's duration as `duration(_:)` shows it, or `unknown` when its source gave none.
    static func duration(of test: TestResult) -> String {
        test.durationIsUnknown ? "unknown" : duration(test.durationSeconds)
    }

    /// A percentage with one decimal, rounded down as `CoverageCount.percentText` is (99.96% is not 100%, 66.66% does
    /// not meet a minimum of 66.7): `87.5%`. The nudge keeps a value a division left a hair under its tenth on it.
    static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value.isFinite ? (value * 10 + 1e-7).rounded(.down) / 10 : 0)
    }

    /// `2026-11-22 04:00:00 UTC`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC",
            parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    static func label(_ status: TestStatus) -> String { StatusStyle.of(status).label }

    static func symbol(_ status: TestStatus) -> String { StatusStyle.of(status).emoji }

    static func symbol(_ status: RunStatus) -> String { StatusStyle.of(status).emoji }

    /// Why a test was skipped: a recorded message, or the `Skipped: …` line the parsers keep in its output.
    static func skipReason(_ test: TestResult) -> String? {
        guard test.status == .skipped else { return nil }
        if let message = test.failures.first?.message, !message.isEmpty { return message }
        let prefix = "Skipped: "
        return test.output.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// `1 test`, `2 tests`, `1 expected failure`: English plurals by appending `s` (or the given plural).
    package static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// `iPhone SE (3rd generation), iOS 17.5` or `host, Linux x86_64`.
    static func device(_ device: ResolvedDevice) -> String {
        let parts = [device.name ?? device.platform, device.runtime, device.operatingSystem, device.architecture]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// A failure as one line: `file:line: message`.
    static func line(_ failure: TestFailure) -> String {
        guard let location = failure.location else { return failure.message }
        return "\(location): \(failure.message)"
    }
}

extension ReportText {
    /// "the log ends before the run finished: 226 passed, 194 without a result" — an incomplete run's outcome, never
    /// called failing.
    package static func incompleteOutcome(_ report: RunReport) -> String {
        let totals = report.totals
        let lead = report.incomplete == nil ? "incomplete" : "the log ends before the run finished"
        return "\(lead): \(totals.passed) passed, \(totals.unfinished) without a result"
    }

    /// What an input that ends early means, naming its last line.
    package static func incompleteNotice(_ incomplete: IncompleteInput) -> String {
        if let line = incomplete.endedAtLine {
            return """
                \(incomplete.source) has no result for \(count(incomplete.unfinished, "test")) that ran before line \
                \(line), where another test or run began (their process stopped and the step ran again, or a line was \
                lost): they are unfinished, not failures. Run them again to see how they end.
                """
        }
        let end = "\(incomplete.source) ends at line \(incomplete.lastLine) (\"\(incomplete.lastLineText)\")"
        guard incomplete.unfinished > 0 else {
            return """
                \(end) before the run it records ended: what came after is missing, so the run cannot pass. Pass \
                the whole log.
                """
        }
        return """
            \(end) while \(count(incomplete.unfinished, "test")) still ran: they are unfinished, not failures. \
            Either the log was cut (pass the whole log), or the test process ended during them without a word (a \
            test that calls exit(), a process killed from outside): run them again to see how they end.
            """
    }
}
