import Foundation

/// The quarantine's decisions (Documentation/Design.md §9), pure: which failing tests of a run are quarantined and
/// what the run's status is then, and which tests the automatic quarantine takes in or lets go.
package enum Quarantine {
    /// Marks `report`'s failing tests that an active entry covers (report.json `quarantine`) and takes them out of the
    /// run's status: a run whose only failures are quarantined passed. Expired entries are recorded and ignored.
    package static func apply(_ entries: [QuarantineEntry], to report: inout RunReport, now: Date) {
        guard !entries.isEmpty else { return }
        let active = entries.filter { $0.isActive(at: now) }
        let expired = entries.filter { !$0.isActive(at: now) }
        let covered = report.failingTests.filter { test in
            active.contains { $0.matches(test.deviceKey) || $0.matches(test.id) }
        }
        let keys = Array(Set(covered.map(\.deviceKey))).sorted()
        report.quarantine = QuarantineRecord(active: active, expired: expired, tests: keys)
        if report.status == .failed, covered.count == report.failingTests.count {
            report.status = .passed
        }
    }

    /// The flake model's verdicts over `window` (earlier runs of the report's pipeline) and the report itself.
    package static func verdicts(report: RunReport, window: [HistoryEntry]) -> [TestStability] {
        let earlier = NotificationPolicy.earlierRuns(of: report, in: window)
        var current = HistoryEntry(report: report, path: OutputLayout.relativeRunPath(report.runID))
        current.pipelinePath = earlier.last?.pipelinePath
        return TestStability.assess(earlier + [current])
    }

    /// The automatic quarantine after a run: entries still in force (`kept`), those whose days are over (`ended`), and
    /// new ones with why, for flaky tests whose rate reached `settings.rate` over at least `settings.minRuns` runs.
    package static func automatic(
        _ verdicts: [TestStability], settings: AutoQuarantineSettings, existing: [QuarantineEntry],
        pipelineEntries: [QuarantineEntry] = [], now: Date
    ) -> (kept: [QuarantineEntry], ended: [QuarantineEntry]) {
        var kept = existing.filter { $0.isActive(at: now) }
        let ended = existing.filter { !$0.isActive(at: now) }
        let covered = kept + pipelineEntries.filter { $0.isActive(at: now) }
        for verdict in verdicts where verdict.isFlaky && verdict.runs >= settings.minRuns {
            guard verdict.flakeRate >= settings.rate, !covered.contains(where: { $0.matches(verdict.test) }) else {
                continue
            }
            let rate = Int((verdict.flakeRate * 100).rounded())
            let threshold = Int((settings.rate * 100).rounded())
            let days = Int(exactly: settings.days).map(String.init) ?? String(settings.days)
            kept.append(
                QuarantineEntry(
                    test: verdict.test,
                    reason: "flake rate \(rate) % ≥ \(threshold) %: \(verdict.rateText); quarantined for \(days) days",
                    owner: "smokerun", expires: now.addingTimeInterval(settings.days * 86_400), automatic: true,
                    since: now))
        }
        return (kept, ended)
    }
}
