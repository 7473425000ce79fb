import Foundation

/// Words shared by the message formats, so Slack and JSON say the same thing.
package enum NotificationWording {
    /// One line on what happened, e.g. "3 tests failing (2 new)", "recovered", "could not run tests".
    package static func headline(report: RunReport, plan: NotificationPlan) -> String {
        let failing = report.totals.failing
        let tests = failing == 1 ? "1 test" : "\(failing) tests"
        switch plan.kind {
        case .failure:
            let new = plan.newCount
            return new == failing ? "\(tests) failing" : "\(tests) failing (\(new) new)"
        case .reminder:
            return "still failing: \(tests)"
        case .recovery:
            return "recovered, all tests pass"
        case .infrastructure:
            return "could not run tests"
        case .always:
            switch report.status {
            case .passed: return report.totals.flaky > 0 ? "passed (\(report.totals.flaky) flaky)" : "passed"
            case .failed: return "\(tests) failing"
            case .error: return "could not run tests"
            case .interrupted: return "interrupted"
            case .incomplete: return "incomplete: \(report.totals.unfinished) tests without a result"
            }
        }
    }

    /// "iPhone SE (3rd generation), iOS 17.5" or "host, Linux x86_64".
    static func device(_ device: ResolvedDevice) -> String {
        let parts = [device.name ?? device.platform, device.runtime ?? device.operatingSystem, device.architecture]
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The device labels of a run pinning several devices, in run order; nil for a single-device run,
    /// whose one device `device(_:)` names.
    static func devices(_ report: RunReport) -> [String]? {
        let labels = DeviceGroups.totals(report.tests).map(\.device)
        return labels.isEmpty ? nil : labels
    }

    /// "45.2s", "2m 05s", "1h 02m".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(clampingRounded: seconds)
        if whole < 3600 { return String(format: "%ldm %02lds", whole / 60, whole % 60) }
        return String(format: "%ldh %02ldm", whole / 3600, (whole % 3600) / 60)
    }

    /// "NEW" or "still failing since run X (N runs)".
    static func age(_ age: FailureAge) -> String {
        switch age {
        case .new: "NEW"
        case .stillFailing(let since, let runs): "still failing since run \(since) (\(runs) runs)"
        }
    }

    /// Non-zero counts after the total: "40 tests: 36 passed, 2 failed, 1 crashed, 2 flaky".
    static func counts(_ totals: Totals) -> String {
        let parts: [(Int, String)] = [
            (totals.passed, "passed"), (totals.failed, "failed"), (totals.crashed, "crashed"),
            (totals.timedOut, "timed out"), (totals.skipped, "skipped"),
            (totals.expectedFailures, "expected failures"), (totals.interrupted, "interrupted"),
            (totals.flaky, "flaky"),
        ]
        let shown = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let tests = totals.tests == 1 ? "1 test" : "\(totals.tests) tests"
        return shown.isEmpty ? tests : "\(tests): " + shown.joined(separator: ", ")
    }
}
