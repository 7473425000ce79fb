import Foundation
import SmokeCore

extension RunFinisher {
    /// Failing tests with their history notes and the run's errors on stderr; annotations, totals, coverage, origin,
    /// suspects and the report page on stdout.
    func printSummary(_ report: RunReport, folder: RunDirectory, written: Bool, notes: [String: String]) {
        let err = context.standardError
        let out = context.standardOutput
        let errStyle = TerminalStyle(output: err, environment: context.environment)
        for line in RunSummary.failureLines(report, style: errStyle, notes: notes) { err.line(line) }
        for error in report.errors {
            err.line("smokerun: \(error.severity?.rawValue ?? "error"): \(error.message)")
            for line in error.details.prefix(20) { err.line("    \(line)") }
        }
        if context.environment["GITHUB_ACTIONS"] == "true" {
            // GitHub places an annotation by its path in the repository: from the checkout's root.
            let root =
                projectRoot.flatMap(SourceLinks.checkoutRoot)
                ?? context.environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
            for line in GitHubAnnotations.lines(for: report, relativeTo: root ?? context.currentDirectory.path) {
                out.line(line)
            }
        }
        out.line(RunSummary.totalsLine(report, style: TerminalStyle(output: out, environment: context.environment)))
        if let coverage = report.coverage { out.line(RunSummary.coverageLine(coverage)) }
        if let origin = RunSummary.originLine(report) { out.line(origin) }
        for line in RunSummary.suspectsLines(report) { out.line(line) }
        if written {
            out.line("report: \(displayPath(folder.file(HTMLReport.fileName)))")
        } else {
            let saved =
                FileManager.default.fileExists(atPath: folder.url.path)
                ? "what was saved is in \(displayPath(folder.url))" : "the run folder could not be made"
            out.line("report: not written (see the error above); \(saved)")
        }
    }
}
