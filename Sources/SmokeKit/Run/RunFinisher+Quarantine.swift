import Foundation
import SmokeCore

extension RunFinisher {
    /// Applies the pipeline's quarantine and this run's automatic entries to the failures; says what expired or was
    /// added. A state file that cannot be written is a warning.
    func applyQuarantine(to report: inout RunReport) {
        var entries = quarantine
        if let auto = autoQuarantine {
            let store = QuarantineStore(outputDirectory: outputDirectory, pipeline: pipelineKey)
            let existing = store.load()
            let window = history.flakeWindow(of: report, runs: auto.windowRuns - 1)
            let (kept, ended) = Quarantine.automatic(
                Quarantine.verdicts(report: report, window: window), settings: auto, existing: existing,
                pipelineEntries: quarantine, now: now())
            for entry in kept where !existing.contains(entry) {
                context.standardError.line("quarantine: \(entry.test) quarantined automatically: \(entry.reason)")
            }
            if kept != existing {
                do {
                    try store.save(kept)
                } catch {
                    context.standardError.line(
                        "quarantine: warning: could not write \(store.file.path): \(error.localizedDescription)")
                }
            }
            entries += kept + ended
        }
        Quarantine.apply(entries, to: &report, now: now())
        for entry in report.quarantine?.expired ?? [] {
            let ended = FireTimeFormat.utc(entry.expires)
            context.standardError.line(
                "quarantine: the entry for \(entry.test) (\(entry.owner): \(entry.reason)) expired at \(ended); ignored"
            )
        }
        if let covered = report.quarantine?.tests, !covered.isEmpty {
            context.standardError.line(
                "quarantine: \(ReportText.count(covered.count, "quarantined test")) failed and did not fail the run: \(covered.joined(separator: ", "))"
            )
        }
    }
}
