import Foundation
import SmokeCore
import SmokeKit

/// `smokerun history`: the last runs of the pipelines in an output folder.
struct HistoryCommand: Command {
    static let name = "history"
    static let summary = "list past runs (or, with --flaky, tests by flake rate)"
    static let help = """
        Usage: smokerun history [--output DIR] [--pipeline NAME] [--count N] [--flaky] [--quarantine] [--test ID]
                                [--since DATE]

        Reads <output>/history.sqlite (or history.jsonl without SQLite; default output: .smokerun).

          --pipeline NAME  only this pipeline's runs
          --count N        how many runs to show or look back over (default 20)
          --flaky          flaky tests by flake rate, with the runs and commits that show it, then the
                           tests that were broken and fixed, or are broken now, apart
          --quarantine     each pipeline's quarantined tests as its newest run recorded them: reason, owner,
                           expiry, automatic ones with why; expired entries are listed and ignored
          --test ID        that test's runs: time, run, commit, status, seconds, first failure message
          --since DATE     only runs that started then or later: 2026-11-22 or 2026-11-22T04:00:00Z

        A test is flaky when it failed and passed on the same code: in one run (it passed only on a retry),
        or in runs of the same commit (runs whose commit is unknown or had uncommitted changes never count
        as the same). Its rate is those runs over the runs it passed or failed in. A test that failed in
        every run until a commit fixed it was broken, not flaky: "broken 5 runs, fixed at 1a2b3c4"; one
        failing now is "broken for N runs since <time> (commit …)".

        """

    var output: String
    var pipeline: String?
    var count: Int
    var flaky: Bool
    var quarantine: Bool
    var test: String?
    var since: Date?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["output", "pipeline", "count", "test", "since"], flags: ["flaky", "quarantine"])
        guard parsed.positionals.isEmpty else { throw UsageError("history takes no positional arguments") }
        output = parsed.value("output") ?? OutputLayout.defaultOutput
        pipeline = parsed.value("pipeline")
        count = try parsed.integer("count") ?? 20
        guard count > 0 else { throw UsageError("--count must be at least 1") }
        flaky = parsed.flag("flaky")
        quarantine = parsed.flag("quarantine")
        if flaky && quarantine { throw UsageError("--flaky and --quarantine are two lists; ask for one") }
        test = parsed.value("test")
        if let text = parsed.value("since") {
            guard let date = ISODate.parse(text)?.date else {
                throw UsageError("--since '\(text)' is not a date; use \(ISODate.forms)")
            }
            since = date
        }
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let folder = context.url(for: output)
        let history = HistoryOpening.open(outputFolder: folder, library: context.sqlite)
        if let test { return try showTest(test, history: history, folder: folder, in: context) }
        // The run list needs no test's result; the flake rates need those of the runs shown, and no older ones.
        let contents = try history.contents(pipeline: pipeline, since: since, last: count, perTest: flaky)
        // Where the runs are read from: the database, once a run made it; `history.jsonl` before.
        let layout = OutputLayout(root: folder)
        let database = history is SQLiteHistory && FileManager.default.fileExists(atPath: layout.historyDatabase.path)
        let file = database ? layout.historyDatabase : layout.history
        if let warning = contents.warning(file: file) { context.standardError.line(warning) }
        if contents.readableRuns == 0, contents.unreadableLines > 0 {
            // Not "no runs yet": there were runs, and none of their lines can be read.
            context.standardError.line(
                "smokerun history: no readable run in \(file.path); move the file away to start a new history")
            return .invalidInput
        }
        let entries = contents.entries
        guard !entries.isEmpty else {
            context.standardOutput.line("no runs yet in \(file.path); run `smokerun run` first")
            return .passed
        }
        if quarantine {
            context.standardOutput.write(QuarantineTable.render(quarantineRows(entries, folder: folder)))
            return .passed
        }
        let text = flaky ? HistoryTable.flakeRates(entries) : HistoryTable.runs(entries)
        // Names, ids and commits come from files anyone could have written: never raw to a terminal.
        context.standardOutput.write(TerminalText.escaped(text))
        return .passed
    }

    /// Each pipeline's newest run that still has its report.json, with what it recorded of the quarantine.
    private func quarantineRows(_ entries: [HistoryEntry], folder: URL) -> [QuarantineTable.Row] {
        var rows: [String: QuarantineTable.Row] = [:]
        for entry in entries.reversed() where rows[entry.pipeline] == nil {
            guard let report = try? RunReportFile.load(at: folder.appendingPathComponent(entry.path)) else { continue }
            rows[entry.pipeline] = QuarantineTable.Row(
                pipeline: entry.pipeline, runID: entry.runID, record: report.quarantine)
        }
        return rows.keys.sorted().compactMap { rows[$0] }
    }

    /// `--test ID`: the test's last `count` runs, from history.sqlite (with messages) or history.jsonl (without).
    private func showTest(_ test: String, history: any RunHistory, folder: URL, in context: HostContext) throws
        -> ExitCode
    {
        var results = try history.testResults(testID: test, since: since)
        if let pipeline {
            let runs = Set(try history.runs(pipeline: pipeline).map(\.runID))
            results = results.filter { runs.contains($0.runID) }
        }
        guard !results.isEmpty else {
            let shown = TerminalText.escaped(test, newlines: false)
            context.standardOutput.line("no runs of \(shown) in \(folder.path); the id is as report.json's tests[].id")
            return .passed
        }
        context.standardOutput.write(TerminalText.escaped(TestHistoryTable.render(Array(results.suffix(count)))))
        return .passed
    }
}
