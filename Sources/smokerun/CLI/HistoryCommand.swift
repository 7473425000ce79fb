import Foundation
import SmokeCore
import SmokeKit

/// `smokerun history`: the last runs of the pipelines in an output folder.
struct HistoryCommand: Command {
    static let name = "history"
    static let summary = "list past runs (or, with --flaky, tests by flake rate)"
    static let help = """
        Usage: smokerun history [--output DIR] [--pipeline NAME] [--count N] [--flaky]

        Reads <output>/history.jsonl (default output: .smokerun).

          --pipeline NAME  only this pipeline's runs
          --count N        how many runs to show or look back over (default 20)
          --flaky          tests that passed only on a retry or changed outcome, by rate

        """

    var output: String
    var pipeline: String?
    var count: Int
    var flaky: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "pipeline", "count"], flags: ["flaky"])
        guard parsed.positionals.isEmpty else { throw UsageError("history takes no positional arguments") }
        output = parsed.value("output") ?? OutputLayout.defaultOutput
        pipeline = parsed.value("pipeline")
        count = try parsed.integer("count") ?? 20
        guard count > 0 else { throw UsageError("--count must be at least 1") }
        flaky = parsed.flag("flaky")
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let folder = context.url(for: output)
        let contents = try HistoryStore.contents(outputDirectory: folder, pipeline: nil)
        let file = HistoryStore.fileURL(outputDirectory: folder)
        if let warning = contents.warning(file: file) { context.standardError.line(warning) }
        if contents.entries.isEmpty, contents.unreadableLines > 0 {
            // Not "no runs yet": there were runs, and none of their lines can be read.
            context.standardError.line(
                "smokerun history: no readable run in \(file.path); move the file away to start a new history")
            return .invalidInput
        }
        let entries = Array(contents.entries.filter { pipeline == nil || $0.pipeline == pipeline }.suffix(count))
        guard !entries.isEmpty else {
            context.standardOutput.line("no runs yet in \(file.path); run `smokerun run` first")
            return .passed
        }
        let text = flaky ? HistoryTable.flakeRates(entries) : HistoryTable.runs(entries)
        context.standardOutput.write(text)
        return .passed
    }
}

/// Renders history as text. Pure.
enum HistoryTable {
    static func runs(_ entries: [HistoryEntry]) -> String {
        var lines = ["RUN                      PIPELINE      STATUS       TESTS  FAILING  FLAKY  SECONDS  SEED"]
        for entry in entries.reversed() {
            let t = entry.totals
            lines.append(
                [
                    pad(entry.runID, 24), pad(entry.pipeline, 13), pad(entry.status.rawValue, 12),
                    pad("\(t.tests)", 6, right: true), pad("\(t.failing)", 8, right: true),
                    pad("\(t.flaky)", 6, right: true),
                    pad(String(format: "%.1f", entry.durationSeconds), 8, right: true),
                    entry.seed.map(String.init) ?? "-",
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Tests whose outcome was not steady: flaky passes, or failing in some runs and passing in others.
    static func flakeRates(_ entries: [HistoryEntry]) -> String {
        var seen: [String: (runs: Int, flaky: Int, failing: Int)] = [:]
        for entry in entries {
            let flaky = Set(entry.flaky)
            // An interrupted test says nothing about the test itself: it is not a run of it.
            for (id, status) in entry.outcomes where status != .interrupted {
                var counts = seen[id] ?? (0, 0, 0)
                counts.runs += 1
                if flaky.contains(id) { counts.flaky += 1 }
                if status.isFailure { counts.failing += 1 }
                seen[id] = counts
            }
        }
        let unsteady = seen.filter { $0.value.flaky > 0 || ($0.value.failing > 0 && $0.value.failing < $0.value.runs) }
        guard !unsteady.isEmpty else { return "no flaky tests in the last \(entries.count) runs\n" }
        let rows = unsteady.map {
            (id: $0.key, rate: Double($0.value.flaky + $0.value.failing) / Double($0.value.runs), counts: $0.value)
        }
        .sorted { ($0.rate, $1.id) > ($1.rate, $0.id) }
        var lines = ["FLAKE%  FLAKY  FAILED  RUNS  TEST"]
        for row in rows {
            lines.append(
                [
                    pad(String(format: "%.0f%%", row.rate * 100), 6, right: true),
                    pad("\(row.counts.flaky)", 6, right: true),
                    pad("\(row.counts.failing)", 7, right: true), pad("\(row.counts.runs)", 5, right: true), row.id,
                ].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let space = String(repeating: " ", count: width - text.count)
        return right ? space + text : text + space
    }
}
