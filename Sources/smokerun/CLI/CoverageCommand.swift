import Foundation
import SmokeCore
import SmokeKit

/// `smokerun coverage`: the coverage dashboard over a run, a run ID, or a raw llvm-cov export.
struct CoverageCommand: Command {
    static let name = "coverage"
    static let summary = "show a run's coverage: table, trend, uncovered lines, gate, exports"
    static let help = """
        Usage: smokerun coverage [RUN|FILE] [--format table|json|markdown|html|lcov|cobertura]
                                 [--min-lines P] [--by file|module] [--uncovered PATH]
                                 [--history N] [--output DIR]

        Shows the coverage of the latest run in --output (default .smokerun), of a run directory,
        of a run ID (<output>/runs/<ID>), or of a raw `llvm-cov export` JSON file.

          --format F       table (default), json (coverage.json), markdown, html, lcov, cobertura
          --by file|module rows per file (default) or per module (the Sources/<Module>/ folder)
          --uncovered PATH the uncovered line ranges of one file (a path or its unique suffix)
          --min-lines P    exit 4 when total line coverage is below P percent (exactly P passes)
          --history N      runs in the trend sparkline (default 10)
          --output DIR     smokerun's output folder (default .smokerun)

        The table lists the lowest coverage first, with the total, the change since the previous
        run and a trend from the history. Colour only on a terminal and never with NO_COLOR;
        the width follows COLUMNS or the terminal.

        """

    enum Format: String, CaseIterable, Sendable {
        case table, json, markdown, html, lcov, cobertura
    }

    var input: String?
    var format: Format
    var byModule: Bool
    var uncovered: String?
    var gate: CoverageGate?
    var historyCount: Int
    var output: String
    var openHistory: @Sendable (_ outputFolder: URL, _ sqlite: LoadedSQLite) -> any RunHistory
    var terminalWidth: @Sendable () -> Int?

    init(arguments: [String]) throws(UsageError) {
        try self.init(
            arguments: arguments, openHistory: HistoryOpening.open(outputFolder:library:),
            terminalWidth: Self.terminalColumns)
    }

    /// `openHistory` opens an output folder's history with the context's SQLite (tests pass an in-memory one);
    /// `terminalWidth` is the terminal's columns when stdout is one.
    init(
        arguments: [String],
        openHistory: @escaping @Sendable (_ outputFolder: URL, _ sqlite: LoadedSQLite) -> any RunHistory,
        terminalWidth: @escaping @Sendable () -> Int?
    ) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["format", "min-lines", "by", "uncovered", "history", "output"])
        guard parsed.positionals.count <= 1 else {
            throw UsageError(
                """
                coverage takes at most one RUN or FILE, got \(parsed.positionals.count): \
                \(parsed.positionals.joined(separator: " "))
                """
            )
        }
        input = parsed.positionals.first
        let formatText = parsed.value("format") ?? "table"
        guard let format = Format(rawValue: formatText) else {
            throw UsageError(
                """
                --format must be one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")), not '\(formatText)'
                """
            )
        }
        self.format = format
        switch parsed.value("by") ?? "file" {
        case "file": byModule = false
        case "module": byModule = true
        case let other: throw UsageError("--by must be file or module, not '\(other)'")
        }
        uncovered = parsed.value("uncovered")
        if let text = parsed.value("min-lines") {
            guard let gate = CoverageGate(text) else {
                throw UsageError("--min-lines takes a percentage from 0 to 100, not '\(text)'")
            }
            self.gate = gate
        }
        historyCount = try parsed.integer("history") ?? 10
        guard historyCount >= 1 else { throw UsageError("--history must be at least 1, not \(historyCount)") }
        output = parsed.value("output") ?? OutputLayout.defaultOutput
        self.openHistory = openHistory
        self.terminalWidth = terminalWidth
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let source = try CoverageInput.resolve(input, output: context.url(for: output), resolvePath: context.url(for:))
        let loaded = try CoverageSource.load(source, currentDirectory: context.currentDirectory)
        let report = loaded.report
        if let uncovered {
            context.standardOutput.write(
                try UncoveredLines.render(path: uncovered, report: report, details: try loaded.details()))
        } else {
            context.standardOutput.write(
                try render(loaded, history: trend(for: source, report: report, context: context), context: context))
        }
        if let gate, !gate.passes(report.totals.lines) {
            context.standardError.line("smokerun coverage: \(gate.failureMessage(report.totals.lines))")
            return .coverageBelowMinimum
        }
        return .passed
    }

    private func trend(for source: CoverageInput, report: CoverageReport, context: HostContext) -> CoverageTrend? {
        guard case .run(_, let runID, let outputDirectory) = source else { return nil }
        let history: HistoryContents
        do {
            history = try openHistory(outputDirectory, context.sqlite).contents(
                pipeline: nil, since: nil, last: nil, perTest: false)
        } catch {
            // The numbers stand without a trend; `smokerun history` says what is wrong with the file.
            context.standardError.line("smokerun coverage: warning: no trend: \(error.localizedDescription)")
            return nil
        }
        if let warning = history.warning(file: OutputLayout(root: outputDirectory).history) {
            context.standardError.line(warning)
        }
        return CoverageTrend.from(
            history: history.entries, runID: runID, current: report.totals.lines, limit: historyCount)
    }

    private func render(_ loaded: CoverageSource, history: CoverageTrend?, context: HostContext) throws -> String {
        let report = loaded.report
        let kind = byModule ? "Module" : "File"
        let rows = CoverageTable.rows(of: report, byModule: byModule)
        switch format {
        case .table:
            let table = CoverageTable(
                title: "Coverage · \(loaded.title)", kind: kind, rows: rows, total: report.totals, trend: history,
                width: Self.width(
                    environment: context.environment,
                    terminal: context.standardOutput.isTerminal ? terminalWidth() : nil),
                colour: Self.usesColour(environment: context.environment, isTerminal: context.standardOutput.isTerminal)
            )
            return table.render() + loaded.gaps.map { "Incomplete: \($0)\n" }.joined()
        case .json:
            return String(decoding: try CoverageCollector.json(report), as: UTF8.self)
        case .markdown:
            return CoverageMarkdown.render(
                title: "Coverage · \(loaded.title)", kind: kind, rows: rows, total: report.totals, trend: history)
                + loaded.gaps.map { "\n> ⚠️ Incomplete: \(MarkdownText.escape($0))\n" }.joined()
        case .html:
            return CoverageHTML.render(
                title: "Coverage · \(loaded.title)", kind: kind, rows: rows, total: report.totals, trend: history)
        case .lcov:
            return try loaded.lcov()
        case .cobertura:
            return try loaded.cobertura()
        }
    }

    /// `COLUMNS` when set, else the terminal's width, else 80; never narrower than 60.
    static func width(environment: [String: String], terminal: Int?) -> Int {
        let columns = environment["COLUMNS"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? terminal ?? 80
        return min(max(columns, 60), 400)
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything but "" (no-color.org).
    static func usesColour(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    @Sendable static func terminalColumns() -> Int? {
        var size = winsize()
        #if os(Linux)
            let request = UInt(TIOCGWINSZ)
        #else
            let request = TIOCGWINSZ
        #endif
        guard ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
