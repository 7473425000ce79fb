import Foundation

/// Words shared by the message formats, so Slack and JSON say the same thing.
package enum NotificationWording {
    /// One line on what happened: "3 tests failing (2 new)", "1 test still failing", "recovered", "could not run
    /// tests". Failures a quarantine covered are counted apart: "1 test failing, 1 quarantined".
    package static func headline(report: RunReport, plan: NotificationPlan) -> String {
        let quarantined = report.failingTests.filter { report.quarantineEntry(for: $0) != nil }.count
        var line = headline(report: report, plan: plan, failing: report.totals.failing - quarantined)
        if plan.kind == .failure || plan.kind == .reminder, !plan.recovered.isEmpty {
            line += ", \(plan.recovered.count) recovered"
        }
        guard quarantined > 0, plan.kind != .infrastructure else { return line }
        guard plan.kind == .recovery else { return line + ", \(quarantined) quarantined" }
        // A quarantined test still fails: it closes the problem without recovering, and never "all tests pass".
        let still = quarantined == 1 ? "1 test quarantined, still failing" : "\(quarantined) quarantined, still failing"
        if plan.recovered.isEmpty { return "closed: \(still)" }
        return line == "recovered, all tests pass" ? "recovered; \(still)" : "\(line); \(still)"
    }

    private static func headline(report: RunReport, plan: NotificationPlan, failing: Int) -> String {
        let tests = failing == 1 ? "1 test" : "\(failing) tests"
        switch plan.kind {
        case .failure:
            let new = plan.newCount
            if plan.isFlakyOnly { return "\(tests) failing, known flaky" }
            if plan.flakyCount > 0 {
                return "\(tests) failing (\(new) new, \(plan.flakyCount) known flaky)"
            }
            if new == failing { return "\(tests) failing" }
            return new == 0 ? "\(tests) still failing" : "\(tests) failing (\(new) new)"
        case .reminder:
            return "still failing: \(tests)"
        case .recovery:
            // What still fails is known flaky (else it would be no recovery), but it fails.
            return failing > 0 ? "recovered; \(tests) failing, known flaky" : "recovered, all tests pass"
        case .infrastructure:
            // The tests ran, and something after them failed (the history could not be written): said as such.
            guard report.totals.tests > 0 else { return "could not run tests" }
            return failing > 0 ? "\(tests) failing; the run could not finish" : "the run could not finish"
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

    /// The device labels of a run pinning several devices, in run order; nil for a single-device run.
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

extension NotificationWording {
    /// The pipeline's name, with the project folder's when known and different: "smoke (shop-ios)".
    static func project(_ report: RunReport, sources: SourceLinks) -> String {
        guard let folder = sources.projectFolder, folder.lowercased() != report.pipeline.lowercased() else {
            return report.pipeline
        }
        return "\(report.pipeline) (\(folder))"
    }

    /// "failing for 3 runs (8 h), since 2026-11-22 04:00 UTC, commit a1b2c3d4e5f6"; the run id stands in for
    /// the time when the history no longer holds that run.
    static func streak(since runID: String, runs: Int, plan: NotificationPlan, report: RunReport) -> String {
        guard let start = plan.start(of: runID) else { return "failing for \(runs) runs, since run \(runID)" }
        let span = spanText(report.startedAt.timeIntervalSince(start.startedAt))
        return "failing for \(runs) runs (\(span)), since \(utc(start.startedAt))" + commitSuffix(start)
    }

    /// "passing again after 3 failing runs (12 h, since 2026-11-26 04:00 UTC, commit a1b2c3d4e5f6)", or with the
    /// run id when the history no longer holds the streak's first run; nil when the streak is unknown.
    /// Said "no longer paged after …" when no announced test passes again (a quarantine covers them all).
    static func recovery(plan: NotificationPlan, report: RunReport) -> String? {
        guard let since = plan.failingSince else { return nil }
        // Tests that broke later or recovered earlier have streaks of their own: this one is the pipeline's.
        let shared = plan.recoveredStreaks.values.allSatisfy { $0.since == since && $0.passedIn == nil }
        let lead =
            plan.recovered.isEmpty && !plan.quarantined.isEmpty
            ? "no longer paged" : shared ? "passing again" : "the pipeline is passing again"
        guard let start = plan.start(of: since) else { return "\(lead) after failing since run \(since)" }
        let runs =
            plan.failingRuns.map { count in
                // Runs that could not run their tests are not said to have had failing tests.
                let errored = plan.erroredRuns
                if errored == count {
                    return count == 1 ? "1 run that could not run tests" : "\(count) runs that could not run tests"
                }
                let failing = count == 1 ? "1 failing run" : "\(count) failing runs"
                return errored == 0 ? failing : "\(failing), \(errored) of which could not run tests"
            } ?? "failing"
        let span = spanText(report.startedAt.timeIntervalSince(start.startedAt))
        return "\(lead) after \(runs) (\(span), since \(utc(start.startedAt))\(commitSuffix(start)))"
    }

    /// "failing since 2026-11-22 04:00 UTC, commit a1b2c3d4e5f6; passing again since 2026-11-22 08:00 UTC": a
    /// recovered test's own streak; nil when the recovery's streak is every recovered test's.
    static func recoveredStreak(of key: String, plan: NotificationPlan) -> String? {
        guard let streak = plan.recoveredStreaks[key] else { return nil }
        let shared = plan.recoveredStreaks.values.allSatisfy { $0.since == plan.failingSince && $0.passedIn == nil }
        if plan.kind == .recovery, shared { return nil }
        let since = plan.start(of: streak.since).map { utc($0.startedAt) + commitSuffix($0) } ?? "run \(streak.since)"
        guard let passed = streak.passedIn else { return "failing since \(since)" }
        let again = plan.start(of: passed).map { utc($0.startedAt) } ?? "run \(passed)"
        return "failing since \(since); passing again since \(again)"
    }

    /// ", commit a1b2c3d4e5f6" when the streak's first run knew its commit.
    private static func commitSuffix(_ start: StreakStart) -> String {
        let changes = start.dirty == true ? " with uncommitted changes" : ""
        return start.commit.map { ", commit \(RunOrigin(commit: $0).shortCommit ?? $0)\(changes)" } ?? ""
    }

    /// "2026-11-22 04:00 UTC".
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04ld-%02ld-%02ld %02ld:%02ld UTC", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
            c.minute ?? 0)
    }

    /// "45 min", "12 h", "3 days": how long a streak has lasted, rounded down.
    static func spanText(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        let minutes = Int(clampingRounded: (seconds / 60).rounded(.down))
        if minutes < 120 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 72 { return "\(hours) h" }
        return "\(hours / 24) days"
    }
}
