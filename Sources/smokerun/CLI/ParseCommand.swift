import Foundation
import SmokeCore
import SmokeKit

/// `smokerun parse`: reports from test output someone already has.
struct ParseCommand: Command {
    static let name = "parse"
    static let summary = "turn saved test output (logs, event streams, JUnit XML, .xcresult) into smokerun's reports"
    static let help = """
        Usage: smokerun parse INPUT… [--output DIR] [--name NAME] [--format LIST] [--attachments-from DIR] [--summary-only] [--strict]
               smokerun parse BUNDLE.xcresult [--cross-check] [--output DIR] [--name NAME] [--format LIST]

        Reads saved `swift test` / xcodebuild console logs and Swift Testing event streams
        (--experimental-event-stream-output), streaming, JUnit XML (both files of `swift test
        --xunit-output`, or another tool's JUnit report), or one Xcode result bundle, and writes a
        run directory with the same reports `smokerun run` writes.

        A log whose build or test runner failed before any test ran still gets a run directory, with
        the error in report.json and junit.xml, and exits 3. A log formatted by xcpretty or xcbeautify
        is refused: pass the raw output (`xcodebuild test … | tee raw.log | xcbeautify`).

        An Xcode 16+ bundle is read from its own database.sqlite3, on any platform, without Xcode
        (attachment payloads need the `zstd` program); an older bundle needs Xcode's xcresulttool.

          --output DIR      output folder (default: .smokerun)
          --name NAME       pipeline name recorded in the reports (default: parsed)
          --format LIST     comma-separated: json,junit,markdown,html (default: all)
          --attachments-from DIR
                            an event stream's attachments named by path are copied only from
                            inside DIR (default: the folder of each input); a path outside it,
                            or a symlink that leads out of it, is listed as an error instead
          --summary-only    print the totals, write nothing
          --strict          exit 3 when smokerun's counts disagree with the frameworks' own totals
                            (`Executed N tests, with M failures`, `Test run with N tests`)
          --cross-check     (macOS, .xcresult) read the bundle with xcresulttool too and report any
                            difference in tests, statuses, retries, durations or failure messages

        Exit status: 0 all passed, 1 tests failed, 2 unreadable or unrecognisable input,
        3 the build or test runner failed before any test ran, --cross-check found the two readings
        different, or --strict and the counts disagree.

        """

    var inputs: [String]
    var output: String
    var name: String
    var formats: [ReportFormat]
    var summaryOnly: Bool
    var crossCheck: Bool
    /// Where attachments named by path may be copied from; nil: each input's own folder.
    var attachmentsFrom: String?
    var strict: Bool
    /// The formats an input is recognised as.
    var inputFormats = InputFormatRegistry.standard
    /// Makes the xcresulttool reader where Xcode is present, nil elsewhere (Linux); tests pass a fake.
    var makeXCResultToolReader: @Sendable (HostContext) -> (any ResultBundleReading)? = { context in
        XCResultToolReader.ifInstalled(runner: context.runner, environment: context.environment)
    }

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["output", "name", "format", "attachments-from"],
            flags: ["summary-only", "cross-check", "strict"])
        inputs = parsed.positionals
        guard !inputs.isEmpty else {
            throw UsageError("parse needs at least one input file (a log, an event stream or an .xcresult bundle)")
        }
        output = parsed.value("output") ?? OutputLayout.defaultOutput
        name = parsed.value("name") ?? "parsed"
        summaryOnly = parsed.flag("summary-only")
        crossCheck = parsed.flag("cross-check")
        attachmentsFrom = parsed.value("attachments-from")
        if attachmentsFrom?.isEmpty == true { throw UsageError("--attachments-from needs a folder") }
        strict = parsed.flag("strict")
        formats = ReportRegistry.standard.formats
        if let list = parsed.value("format") {
            let allowed = ReportRegistry.standard.formats.map(\.rawValue).joined(separator: ",")
            guard !list.isEmpty else {
                throw UsageError("--format is empty; give one or more of \(allowed), or leave it out for all")
            }
            formats = try list.split(separator: ",", omittingEmptySubsequences: false).map {
                (item) throws(UsageError) -> ReportFormat in
                guard let format = ReportRegistry.standard.format(named: String(item)) else {
                    let known = ReportRegistry.standard.formats.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--format: '\(item)' is not one of \(known)")
                }
                return format
            }
        }
        let bundles = inputs.filter(Self.isBundle)
        if !bundles.isEmpty, inputs.count > 1 {
            throw UsageError(
                "parse reads one .xcresult bundle at a time, without other inputs; got \(inputs.joined(separator: " "))"
            )
        }
        if crossCheck, bundles.isEmpty { throw UsageError("--cross-check applies to an .xcresult bundle only") }
    }

    static func isBundle(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "xcresult"
    }

    func run(in context: HostContext) async throws -> ExitCode {
        if !summaryOnly { try OutputOption.check(output, projectRoot: context.currentDirectory, in: context) }
        let files = inputs.map(context.url(for:))
        // A folder is read as a result bundle (the selector says so when it is not one), never as a log.
        if let bundle = files.first, Self.isBundle(bundle.path) || (files.count == 1 && PathKind.of(bundle) == .folder)
        {
            return try await runBundle(bundle, in: context)
        }
        let parsedAt = SystemClock.now()
        // A summary of a big input needs statuses only: memory stays flat however much the tests printed. Up to
        // `summaryKeepsEverythingUpToBytes` it reads as `--output` does, and reconciles and exits alike.
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        let statusesOnly = summaryOnly && bytes > ScaleThresholds.summaryKeepsEverythingUpToBytes
        var parsed: ParsedLog
        do {
            parsed = try LogParser(retention: statusesOnly ? .statusesOnly : .full, formats: inputFormats)
                .parse(files: files)
        } catch {
            guard case .failedBeforeTests(let path, let failure) = error else { throw error }
            return try await runFailedBeforeTests(
                path: path, failure: failure, files: files, parsedAt: parsedAt, in: context)
        }
        for problem in parsed.problems { context.standardError.line("warning: \(problem)") }
        let mb = Double(parsed.byteCount) / 1_000_000
        let seconds = max(SystemClock.now().timeIntervalSince(parsedAt), 0.000_001)
        context.standardError.line(
            String(
                format: "parsed %d lines (%.1f MB in %.2f s, %.0f MB/s), %d not understood",
                parsed.lineCount, mb, seconds, mb / seconds, parsed.unrecognizedLineCount))
        // A summary counts the compact table: no `TestResult` per test, so a million tests stay in tens of megabytes.
        if statusesOnly {
            let totals = parsed.tests.totals
            printTotals(totals, in: context)
            if totals.failing > 0 { return .testsFailed }
            if parsed.interruption != nil || totals.interrupted > 0 { return .testsFailed }
            return totals.unfinished > 0 || parsed.incomplete != nil ? .infrastructure : .passed
        }
        let tests = parsed.results // in run order, `order` 1-based
        parsed.tests = TestTable() // the results hold it all now; a million-test table is not kept beside them
        // The run's times are the log's own (suite stamps, totals, event-stream instants); when it was parsed is said
        // apart.
        let times = parsed.times.resolved(parsedAt: parsedAt)
        var report = makeReport(
            tests: tests, device: parsed.device, toolchain: nil, notes: parsed.problems, startedAt: times.startedAt,
            finishedAt: times.finishedAt)
        report.durationSeconds = times.durationSeconds
        report.parsedAt = parsedAt
        report.inputs = parsed.inputs
        report.incomplete = parsed.incomplete
        // An input that ends early concludes nothing, even when no test was running at its end; one that says the run
        // was stopped is interrupted.
        if parsed.incomplete != nil, report.status == .passed { report.status = .incomplete }
        if parsed.interruption != nil, report.status == .passed || report.status == .incomplete {
            report.status = .interrupted
        }
        if let incomplete = parsed.incomplete {
            context.standardError.line("warning: \(ReportText.incompleteNotice(incomplete))")
        }
        // Against the results already made: `parsed.reconciliation` would make a second `TestResult` per test.
        report.reconciliation = Reconciliation.compare(parsed.frameworkCounts, with: tests)
        for warning in report.listDisagreements() { context.standardError.line(warning) }
        let folders = attachmentsFrom.map { [context.url(for: $0)] } ?? files.map { $0.deletingLastPathComponent() }
        let exitCode = try await write(
            report, attachments: parsed.attachments, allowedFolders: folders,
            consoleLog: files.count == 1 ? files[0] : nil, in: context)
        return exitCode
    }

    /// A log that shows the build or the test runner failing before any test ran: the run folder is written anyway,
    /// its status `error` and its one error naming the failure (junit.xml holds it as one `<error>`, as `run` writes a
    /// failed build), so a CI step that uploads junit.xml has it whatever happened. Exits 3.
    private func runFailedBeforeTests(
        path: String, failure: FailureBeforeTests, files: [URL], parsedAt: Date, in context: HostContext
    ) async throws -> ExitCode {
        context.standardError.line("smokerun parse: \(path): \(failure.summary). \(failure.advice).")
        var report = makeReport(
            tests: [], device: nil, toolchain: nil, notes: [], startedAt: parsedAt, finishedAt: parsedAt)
        report.parsedAt = parsedAt
        report.inputs = files.map {
            InputRecord(
                path: $0.path, format: ConsoleFormat().name, strippedPrefix: nil, unrecognizedLines: 0,
                firstUnrecognizedLine: nil)
        }
        report.errors = [InfrastructureError(message: failure.summary, details: failure.errorLines)]
        report.status = .error
        return try await write(
            report, attachments: [], allowedFolders: [], consoleLog: files.count == 1 ? files[0] : nil, in: context)
    }

    private func runBundle(_ bundle: URL, in context: HostContext) async throws -> ExitCode {
        let parsedAt = SystemClock.now()
        let selector = ResultBundleSelector(
            direct: XCResultDatabaseReader(
                payloads: XCResultDatabasePayloads(
                    runner: context.runner,
                    byteLimit: try AttachmentSourcePolicy.byteLimit(environment: context.environment),
                    totalByteLimit: try AttachmentBudget.total(environment: context.environment))),
            xcresulttool: makeXCResultToolReader(context))
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("smokerun-xcresult-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let contents: ResultBundleContents
        var differences: [String] = []
        if crossCheck {
            (contents, differences) = try selector.crossCheck(bundle: bundle, scratchDirectory: scratch)
        } else {
            contents = try selector.reader(for: bundle).read(bundle: bundle, scratchDirectory: scratch)
        }
        for note in contents.notes { context.standardError.line("note: \(note)") }
        // The run's times are the recorded run's; when it was parsed is said apart.
        let startedAt = contents.startedAt ?? parsedAt
        var report = makeReport(
            tests: contents.tests, device: contents.device,
            toolchain: contents.xcodeVersion.map { ToolchainInfo(version: $0) },
            notes: contents.notes, startedAt: startedAt, finishedAt: max(contents.finishedAt ?? startedAt, startedAt))
        report.parsedAt = parsedAt
        // Xcode's own counts of the bundle against smokerun's reading of it.
        report.reconciliation = Reconciliation.compare(contents.summaryCounts, with: contents.tests)
        for warning in report.listDisagreements() { context.standardError.line(warning) }
        // A bundle's attachments are its own payloads or files exported into the scratch folder.
        let exitCode = try await write(
            report, attachments: contents.attachments, allowedFolders: [bundle, scratch], consoleLog: nil,
            failureTimes: contents.failureTimes, in: context)
        // The report is written either way; disagreeing readers then fail the command.
        if !differences.isEmpty { throw ResultBundleError.readingsDiffer(path: bundle.path, differences: differences) }
        return exitCode
    }

    private func makeReport(
        tests: [TestResult], device: ResolvedDevice?, toolchain: ToolchainInfo?, notes: [String], startedAt: Date,
        finishedAt: Date
    ) -> RunReport {
        var report = RunReport(
            pipeline: name, runID: RunID.make(date: startedAt, suffix: RunID.randomSuffix()), status: .passed,
            startedAt: startedAt, finishedAt: finishedAt, seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil), environment: [:],
            device: device ?? ResolvedDevice(platform: "unknown"), toolchain: toolchain, tests: tests,
            errors: notes.map { InfrastructureError(message: $0) })
        // A bundle's notes (an unavailable attachment) are listed, but the tests' results are known: they decide.
        report.status = RunReport.status(of: tests, errors: [])
        return report
    }

    private func printTotals(_ t: Totals, in context: HostContext) {
        let tests = ReportText.count(t.tests, "test")
        let expected = ReportText.count(t.expectedFailures, "expected failure")
        let unfinished =
            (t.interrupted > 0 ? ", \(t.interrupted) interrupted" : "")
            + (t.unfinished > 0 ? ", \(t.unfinished) without a result (the input ends first)" : "")
        context.standardOutput.line(
            """
            \(tests): \(t.passed) passed, \(t.failed) failed, \(t.crashed) crashed, \(t.timedOut) timed out, \
            \(t.skipped) skipped, \(expected)\(unfinished)
            """
        )
    }

    /// Prints the totals and, unless `--summary-only`, stores attachments and writes the run directory.
    private func write(
        _ report: RunReport, attachments: [RawAttachment], allowedFolders: [URL], consoleLog: URL?,
        failureTimes: [String: Date] = [:], in context: HostContext
    ) async throws -> ExitCode {
        var report = report
        printTotals(report.totals, in: context)
        guard !summaryOnly else {
            return ExitCode(RunFinisher.failure(of: report, coverageBelowMinimum: false, strict: strict))
        }

        let byteLimit = try AttachmentSourcePolicy.byteLimit(environment: context.environment)
        let outputDirectory = context.url(for: output)
        let runDirectory: URL
        (report.runID, runDirectory) = try RunStore(outputDirectory: outputDirectory).createRunDirectory(
            startedAt: report.startedAt)
        let sources = AttachmentSourcePolicy(allowedFolders: allowedFolders, byteLimit: byteLimit).filter(attachments)
        for refused in sources.refused { context.standardError.line("warning: \(refused.message)") }
        report.errors += sources.refused
        var budget = AttachmentBudget(total: try AttachmentBudget.total(environment: context.environment))
        let stored = AttachmentStore(byteLimit: byteLimit).attach(
            sources.allowed, to: &report.tests, in: runDirectory, failureTimes: failureTimes, budget: &budget)
        report.errors += stored
        if budget.unstored > 0 {
            // Results that did not all reach the disk: never `passed` (a full disk once lost every attachment,
            // exit 0, nothing said).
            for error in stored where !error.isNote { context.standardError.line("smokerun: error: \(error.message)") }
            report.status = .error
        }
        // The input was made elsewhere, perhaps from another checkout: only a CI's own variables name its commit.
        report.origin = RunOriginReader(runner: context.runner, environment: context.environment)
            .read(projectFolder: nil)
        var draft = RunDraft(report: report, runDirectory: runDirectory)
        draft.consoleLog = consoleLog
        let finisher = RunFinisher(
            outputDirectory: outputDirectory, pipelineName: name, formats: formats, strict: strict, context: context)
        return ExitCode(await finisher.finish(draft).failure)
    }
}
