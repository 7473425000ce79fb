import Foundation
import SmokeCore
import SmokeKit

/// `smokerun dashboard`: the test-health site of one or more pipelines, from their output folders.
struct DashboardCommand: Command {
    static let name = "dashboard"
    static let summary = "write a static test-health site: runs, failing since, flaky, slow, coverage"
    static let help = """
        Usage: smokerun dashboard [PIPELINE…] [--from FOLDER]… [--output DIR]

        Writes a static site (HTML and inline SVG, no scripts from elsewhere) from the history
        of each pipeline's output folder: a run timeline, pass rate, duration and coverage over
        time, the tests failing now (since when, since which commit), the flakiest, the slowest
        and the ones getting slower, and a page per test that ever failed or was flaky.

          PIPELINE       pipeline files (default: Pipelines/smoke.json of the project, unless
                         --from is given); their output folders are read
          --from FOLDER  an output folder holding history.sqlite (e.g. where `parse --output`
                         wrote); every pipeline in it is shown; may be repeated
          --output DIR   the site folder (default: <output>/site of the first folder read)

        A pipeline with "dashboard": {"enabled": true} also rewrites <output>/site after each run.

        """

    var pipelinePaths: [String]
    var from: [String]
    var output: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["from", "output"])
        pipelinePaths = parsed.positionals
        from = parsed.values("from")
        output = parsed.value("output")
    }

    func run(in context: HostContext) async throws -> ExitCode {
        var origins: [DashboardGenerator.Origin] = []
        let origin = { (folder: URL) in
            try DashboardGenerator.Origin(
                outputDirectory: folder, history: HistoryOpening.open(outputFolder: folder, library: context.sqlite))
        }
        var names: [String] = []
        let files = pipelinePaths.isEmpty && from.isEmpty ? [nil] : pipelinePaths.map { Optional($0) }
        for file in files {
            let (url, displayPath) = ProjectLocator.pipeline(file, in: context)
            let pipeline = try PipelineLoader().load(url, displayPath: displayPath)
            names.append(pipeline.name)
            let folder = pipeline.resolve(pipeline.output, currentDirectory: context.currentDirectory)
            origins.append(try origin(folder))
        }
        for folder in from.map(context.url(for:)) {
            let layout = OutputLayout(root: folder)
            guard PathKind.of(layout.historyDatabase) == .file || PathKind.of(layout.history) == .file else {
                throw DashboardError.noHistory(folder: folder.path)
            }
            origins.append(try origin(folder))
        }
        let site = output.map(context.url(for:)) ?? OutputLayout(root: origins[0].outputDirectory).site
        // Pipelines named by file are shown alone; a --from folder shows all of its pipelines.
        let only = from.isEmpty ? names : nil
        let generator = DashboardGenerator(siteDirectory: site)
        let result = try generator.generate(from: origins, pipelines: only)
        for warning in result.warnings { context.standardError.line(TerminalText.escaped(warning)) }
        guard !result.pipelines.isEmpty else {
            throw DashboardError.noRuns(pipelines: names, folders: origins.map(\.outputDirectory.path))
        }
        let pages = ReportText.count(result.files, "page")
        // Pipeline names come from the history, which any file could have put there: never raw to a terminal.
        let shown = TerminalText.escaped(result.pipelines.joined(separator: ", "), newlines: false)
        context.standardOutput.line("dashboard: \(pages) for \(shown) in \(site.path)")
        context.standardOutput.line("open: \(site.appendingPathComponent(DashboardPaths.index).path)")
        return .passed
    }
}
