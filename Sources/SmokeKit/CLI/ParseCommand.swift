import Foundation

/// `smokerun parse`: reports from test output someone already has.
package struct ParseCommand: Command {
    package static let name = "parse"
    package static let summary = "turn saved test output (logs, event streams) into smokerun's reports"
    package static let help = """
        Usage: smokerun parse INPUT… [--output DIR] [--name NAME] [--format LIST] [--summary-only]

        Reads saved `swift test` / xcodebuild console logs and Swift Testing event streams
        (--experimental-event-stream-output), streaming, and writes a run directory with the
        same reports `smokerun run` writes.

          --output DIR      output folder (default: .smokerun)
          --name NAME       pipeline name recorded in the reports (default: parsed)
          --format LIST     comma-separated: json,junit,markdown,html (default: all)
          --summary-only    print the totals, write nothing

        Exit status: 0 all passed, 1 tests failed, 2 unreadable or unrecognisable input.

        """

    var inputs: [String]
    var output: String
    var name: String
    var formats: [ReportFormat]
    var summaryOnly: Bool

    package init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "name", "format"], flags: ["summary-only"])
        inputs = parsed.positionals
        guard !inputs.isEmpty else { throw UsageError("parse needs at least one input file (a log or an event stream)") }
        output = parsed.value("output") ?? ".smokerun"
        name = parsed.value("name") ?? "parsed"
        summaryOnly = parsed.flag("summary-only")
        formats = ReportFormat.allCases
        if let list = parsed.value("format") {
            formats = try list.split(separator: ",").map { (item) throws(UsageError) -> ReportFormat in
                guard let format = ReportFormat(rawValue: String(item)) else {
                    throw UsageError("--format: '\(item)' is not one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return format
            }
        }
    }

    package func run(in context: CommandContext) async throws -> ExitCode {
        let files = inputs.map(context.url(for:))
        for file in files where file.pathExtension == "xcresult" {
            throw UsageError("\(file.path): reading .xcresult bundles is not part of this build yet; parse the xcodebuild log instead")
        }
        let startedAt = Date()
        // A summary needs statuses only: memory stays flat however much the tests printed.
        let parsed = try LogParser(retention: summaryOnly ? .statusesOnly : .full).parse(files: files)
        var tests = parsed.results
        for index in tests.indices { tests[index].order = index + 1 }
        let finishedAt = Date()
        let ordering = OrderingRecord(mode: .declared, isolation: .suite, seed: nil)
        var report = RunReport(
            pipeline: name, runID: RunID.make(date: startedAt, suffix: RunID.randomSuffix()), status: .passed,
            startedAt: startedAt, finishedAt: finishedAt, seed: nil, ordering: ordering, environment: [:],
            device: ResolvedDevice(platform: "unknown"), toolchain: nil, tests: tests)
        report.status = RunReport.status(of: tests, errors: [])
        let mb = Double(parsed.byteCount) / 1_000_000
        let seconds = max(finishedAt.timeIntervalSince(startedAt), 0.000_001)
        context.standardError.line(String(format: "parsed %d lines (%.1f MB in %.2f s, %.0f MB/s), %d not understood",
                                          parsed.lineCount, mb, seconds, mb / seconds, parsed.unrecognizedLineCount))
        let t = report.totals
        context.standardOutput.line("\(t.tests) tests: \(t.passed) passed, \(t.failed) failed, \(t.crashed) crashed, \(t.timedOut) timed out, \(t.skipped) skipped, \(t.expectedFailures) expected failures")
        guard !summaryOnly else { return report.status == .passed ? .passed : .testsFailed }

        let store = RunStore(outputDirectory: context.url(for: output))
        let runDirectory = try store.createRunDirectory(runID: report.runID)
        let attachments = AttachmentStore()
        for raw in parsed.attachments {
            let record = try attachments.save(raw, in: runDirectory)
            if let index = report.tests.firstIndex(where: { $0.id == raw.testID }) { report.tests[index].attachments.append(record) }
        }
        report = try store.finish(report, in: runDirectory, formats: formats, consoleLog: files.count == 1 ? files[0] : nil, environment: context.environment)
        context.standardOutput.line("report: \(runDirectory.path)")
        return report.status == .passed ? .passed : .testsFailed
    }
}
