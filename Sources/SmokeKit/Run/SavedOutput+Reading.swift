import Foundation
import SmokeCore

extension SavedOutput {
    /// Logs, event streams and JUnit XML, in order. A summary of an input over `summaryKeepsEverythingUpToBytes`
    /// keeps statuses only (Documentation/Performance.md); a smaller one reads, reconciles and exits as a run does.
    static func readLogs(_ inputs: ParseInputs, settings: Settings, context: HostContext) throws -> Reading {
        let files = inputs.files
        let parsedAt = context.clock.now
        let bytes = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        let statusesOnly = settings.summaryOnly && bytes > ScaleThresholds.summaryKeepsEverythingUpToBytes
        var parsed: ParsedLog
        do {
            parsed = try LogParser(retention: statusesOnly ? .statusesOnly : .full, formats: settings.inputFormats)
                .parse(files: files)
        } catch {
            // A message names the pipe given, not the copy it was parsed from.
            let error = inputs.givenPaths.reduce(error) { $0.naming($1.value, for: $1.key.path) }
            guard case .failedBeforeTests(let path, let failure) = error else { throw error }
            // Each input is read once more for its size and hash (a failed build's log is short).
            let records = inputs.files.map { file in
                let fingerprint = InputFingerprint.of(file)
                return InputRecord(
                    path: inputs.givenPaths[file] ?? AttachmentSourcePolicy.systemRealPath(file.path) ?? file.path,
                    format: ConsoleFormat().name, bytes: fingerprint?.bytes, sha256: fingerprint?.sha256)
            }
            var reading = failedBeforeTests(
                path: path, failure: failure, inputs: records, parsedAt: parsedAt, settings, context)
            reading.consoleLog = inputs.kept
            return reading
        }
        parsed.problems = parsed.problems.map(inputs.namingGivenPaths)
        for problem in parsed.problems { context.standardError.line("warning: \(problem)") }
        let mb = Double(parsed.byteCount) / 1_000_000
        let seconds = max(context.clock.now.timeIntervalSince(parsedAt), 0.000_001)
        context.standardError.line(
            String(
                format: "parsed %d lines (%.1f MB in %.2f s, %.0f MB/s), %d not understood",
                parsed.lineCount, mb, seconds, mb / seconds, parsed.unrecognizedLineCount))
        if statusesOnly {
            let totals = parsed.tests.totals
            printTotals(totals, context: context)
            // The input's own word that the run failed stands without a failing test (`RunFailureEvidence`).
            let unexplained = totals.failing == 0 ? parsed.runFailures : []
            for failure in unexplained { context.standardError.line("smokerun: error: \(failure.message)") }
            let failed =
                totals.failing > 0 || parsed.interruption != nil || totals.interrupted > 0 || !unexplained.isEmpty
            // Totals that count tests of which none was read conclude nothing (`Reconciliation.testsNotShown`), and
            // a run of no tests is no pass.
            let unread = totals.tests == 0
            if unread, !parsed.frameworkCounts.contains(where: { $0.tests > 0 }) {
                context.standardError.line("smokerun parse: error: \(ranNoTests)")
            }
            let unsure = totals.unfinished > 0 || parsed.incomplete != nil || unread
            return Reading(summaryFailure: failed ? .testsFailed : unsure ? .infrastructure : nil)
        }
        let tests = parsed.results // in run order, `order` 1-based
        parsed.tests = TestTable() // the results hold it all now; the table is not kept beside them
        // The run's times are the log's own (suite stamps, totals, event-stream instants); parse time is said apart.
        let times = parsed.times.resolved(parsedAt: parsedAt)
        var report = Self.report(
            tests, settings: settings, device: parsed.device, toolchain: nil, notes: parsed.problems,
            startedAt: times.startedAt, finishedAt: times.finishedAt, parsedAt: parsedAt)
        report.durationSeconds = times.durationSeconds
        report.inputs = parsed.inputs.enumerated().map { index, input in
            var input = input
            if let given = inputs.givenPaths[files[index]] { input.path = given }
            return input
        }
        report.errors += inputs.notes.map { InfrastructureError(message: $0, severity: .note) }
        report.incomplete = parsed.incomplete
        // An input that ends early concludes nothing, even with no test running at its end; one that says the run
        // was stopped is interrupted.
        if parsed.incomplete != nil, report.status == .passed { report.status = .incomplete }
        if let stop = parsed.interruption, report.status == .passed || report.status == .incomplete {
            report.status = .interrupted
            if tests.isEmpty {
                let place = stop.source.map { " (\($0):\(stop.line ?? 1))" } ?? ""
                report.errors.append(InfrastructureError(message: "\(stop.what)\(place), before any test ran"))
            }
        }
        if let incomplete = parsed.incomplete {
            context.standardError.line("warning: \(ReportText.incompleteNotice(incomplete))")
        }
        // Against the results already made: `parsed.reconciliation` would make a second `TestResult` per test.
        report.reconciliation = Reconciliation.compare(
            parsed.frameworkCounts, with: tests, runFailures: parsed.runFailures,
            documentsWithoutTotals: parsed.documentsWithoutTotals, interleavedInputs: parsed.interleavedInputs,
            partlyClosedInputs: parsed.partlyClosedInputs)
        for warning in report.listDisagreements() { context.standardError.line(warning) }
        var reading = said(report, settings: settings, context: context)
        reading.attachments = parsed.attachments
        reading.allowedFolders =
            settings.attachmentsFrom.map { [context.url(for: $0)] } ?? files.map { $0.deletingLastPathComponent() }
        reading.consoleLog = inputs.kept
        return reading
    }

    /// A log or bundle where the build or test runner failed before any test ran: the run folder is still written,
    /// status `error`, one error naming it (one `<error>` in junit.xml, so a CI step uploading it has it). Exits 3.
    private static func failedBeforeTests(
        path: String, failure: FailureBeforeTests, inputs: [InputRecord], parsedAt: Date, _ settings: Settings,
        _ context: HostContext
    ) -> Reading {
        context.standardError.line("smokerun parse: \(path): \(failure.sentence) \(failure.advice).")
        var report = Self.report(
            [], settings: settings, device: nil, toolchain: nil, notes: [], startedAt: parsedAt, finishedAt: parsedAt,
            parsedAt: parsedAt)
        report.inputs = inputs
        report.errors = [InfrastructureError(message: failure.summary, details: failure.errorLines)]
        report.status = .error
        return said(report, settings: settings, context: context)
    }

    /// One result bundle, from its database (or xcresulttool); attachments are its payloads or exported files.
    static func readBundle(
        _ bundle: URL, scratch: URL, settings: Settings, context: HostContext,
        xcresulttool: (any ResultBundleReading)?
    ) throws -> Reading {
        let parsedAt = context.clock.now
        let selector = ResultBundleSelector(
            direct: XCResultDatabaseReader(
                payloads: XCResultDatabasePayloads(
                    runner: context.runner,
                    byteLimit: try AttachmentSourcePolicy.byteLimit(environment: context.environment),
                    totalByteLimit: try AttachmentBudget.total(environment: context.environment)),
                library: context.sqlite),
            xcresulttool: xcresulttool)
        let contents: ResultBundleContents
        var differences: [String] = []
        do {
            if settings.crossCheck {
                (contents, differences) = try selector.crossCheck(bundle: bundle, scratchDirectory: scratch)
            } else {
                contents = try selector.reader(for: bundle).read(bundle: bundle, scratchDirectory: scratch)
            }
        } catch ResultBundleError.noTests(let path, let buildErrors) where !buildErrors.isEmpty {
            // The bundle of a build that failed (either reading): a run of none, as the log of that build is.
            let failure = FailureBeforeTests(kind: .build, firstError: buildErrors[0], errorLines: buildErrors)
            let record = InputRecord(path: bundle.path, format: "xcresult")
            return failedBeforeTests(
                path: path, failure: failure, inputs: [record], parsedAt: parsedAt, settings, context)
        }
        let notes = contents.issuesOutsideTests + contents.notes
        for note in notes { context.standardError.line("note: \(note)") }
        // The run's times are the recorded run's; when it was parsed is said apart.
        let startedAt = contents.startedAt ?? parsedAt
        var report = Self.report(
            contents.tests, settings: settings, device: contents.device,
            toolchain: contents.xcodeVersion.map { ToolchainInfo(version: $0) }, notes: notes,
            startedAt: startedAt, finishedAt: max(contents.finishedAt ?? startedAt, startedAt), parsedAt: parsedAt)
        // Xcode's own counts of the bundle against smokerun's reading of it.
        report.reconciliation = Reconciliation.compare(
            contents.summaryCounts, with: contents.tests,
            documentsWithoutTotals: contents.summaryCounts.isEmpty ? [bundle.lastPathComponent] : [])
        for warning in report.listDisagreements() { context.standardError.line(warning) }
        var reading = said(report, settings: settings, context: context)
        reading.attachments = contents.attachments
        reading.allowedFolders = [bundle, scratch]
        reading.failureTimes = contents.failureTimes
        reading.differences = differences
        return reading
    }
}
