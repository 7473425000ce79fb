import Foundation

/// Wording and number formats the human-readable reports share, so they agree with each other.
enum ReportText {
    /// Seconds with millisecond precision, independent of the locale: `1.250`.
    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? value : 0)
    }

    /// A short human duration: `850 ms`, `12.3 s`, `4 min 05 s`.
    static func duration(_ value: Double) -> String {
        let value = value.isFinite ? max(0, value) : 0
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if value < 60 { return String(format: "%.1f s", value) }
        let total = Int(value.rounded())
        return String(format: "%d min %02d s", total / 60, total % 60)
    }

    /// A percentage with one decimal: `87.5%`.
    static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value.isFinite ? value : 0)
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

    static func label(_ status: TestStatus) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .expectedFailure: "expected failure"
        case .crashed: "crashed"
        case .timedOut: "timed out"
        case .interrupted: "interrupted"
        }
    }

    static func symbol(_ status: TestStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .skipped: "⏭️"
        case .expectedFailure: "☑️"
        case .crashed: "💥"
        case .timedOut: "⏱️"
        case .interrupted: "⏹️"
        }
    }

    static func symbol(_ status: RunStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .error: "⚠️"
        case .interrupted: "⏹️"
        }
    }

    /// `iPhone SE (3rd generation), iOS 17.5` or `host, Linux x86_64`.
    static func device(_ device: ResolvedDevice) -> String {
        let parts = [device.name ?? device.platform, device.runtime, device.operatingSystem, device.architecture]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The command that replays a random run's order.
    static func replayCommand(_ report: RunReport) -> String? {
        guard let seed = report.seed else { return nil }
        return "smokerun run \(report.pipeline) --seed \(seed)"
    }

    /// A failure as one line: `file:line: message`.
    static func line(_ failure: TestFailure) -> String {
        guard let location = failure.location else { return failure.message }
        return "\(location): \(failure.message)"
    }
}
