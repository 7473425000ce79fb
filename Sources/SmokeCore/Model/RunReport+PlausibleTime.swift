import Foundation

extension RunReport {
    /// The report with every time believable, for a report.json read back (a damaged one may say 1e308 seconds): an
    /// unbelievable duration is unknown (0, or the run's own span), a date is clamped to 1970…9999.
    package func withPlausibleTimes() -> RunReport {
        var report = self
        report.startedAt = Self.clamped(startedAt)
        report.finishedAt = max(Self.clamped(finishedAt), report.startedAt)
        report.parsedAt = parsedAt.map(Self.clamped)
        report.durationSeconds =
            PlausibleTime.seconds(durationSeconds)
            ?? PlausibleTime.seconds(report.finishedAt.timeIntervalSince(report.startedAt)) ?? 0
        for index in report.tests.indices where !Self.isPlausible(report.tests[index]) {
            report.tests[index].durationSeconds = PlausibleTime.seconds(report.tests[index].durationSeconds) ?? 0
            for attempt in report.tests[index].attempts.indices {
                let seconds = report.tests[index].attempts[attempt].durationSeconds
                report.tests[index].attempts[attempt].durationSeconds = PlausibleTime.seconds(seconds) ?? 0
            }
        }
        return report
    }

    private static func isPlausible(_ test: TestResult) -> Bool {
        PlausibleTime.seconds(test.durationSeconds) != nil
            && test.attempts.allSatisfy { PlausibleTime.seconds($0.durationSeconds) != nil }
    }

    private static func clamped(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: seconds.isNaN ? 0 : min(max(seconds, 0), PlausibleTime.latestSince1970))
    }
}
