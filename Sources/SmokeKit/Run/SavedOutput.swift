import Foundation
import SmokeCore

/// Test output someone already has (`smokerun parse`): logs, event streams and JUnit XML, or one result bundle,
/// read as it is made (said as read, totals last) and turned into a run.
package struct SavedOutput: RunSource {
    package struct Settings: Sendable {
        /// The pipeline name in the reports.
        package var name = "parsed"
        package var formats = ReportRegistry.standard.formats
        /// Print the totals and write nothing (`--summary-only`).
        package var summaryOnly = false
        /// `--strict`: exit 3 when the counts disagree with the frameworks' own totals.
        package var strict = false
        /// Read a bundle with xcresulttool too and fail when the readings differ (`--cross-check`).
        package var crossCheck = false
        /// Where attachments named by path may be copied from; nil: each input's own folder.
        package var attachmentsFrom: String?
        package var inputFormats = InputFormatRegistry.standard
        /// Copy the one input into the run folder as console.log (`--keep-input`); a pipe is copied anyway.
        package var keepInput = false

        package init() {}
    }

    struct Reading {
        /// Nil for a big input's summary (statuses only).
        var report: RunReport?
        var summaryFailure: ErrorKind?
        var attachments: [RawAttachment] = []
        var allowedFolders: [URL] = []
        var failureTimes: [String: Date] = [:]
        /// The input copied in as console.log (`ParseInputs.kept`); nil: the reports point at the input.
        var consoleLog: URL?
        /// Where a bundle's two readings differ (`--cross-check`).
        var differences: [String] = []
    }

    package let finisher: RunFinisher
    let reading: Reading
    /// A bundle's exported attachments, or a pipe's saved bytes, until the run is written.
    let scratch: URL?
    private var byteLimit = AttachmentSourcePolicy.defaultByteLimit
    private var budgetTotal = AttachmentBudget.defaultTotal

    /// Reads `inputs`; `xcresulttool` makes Xcode's reader where installed (bundles before Xcode 16, `--cross-check`).
    package init(
        _ inputs: [URL], output: URL, settings: Settings, context: HostContext,
        xcresulttool: (HostContext) -> (any ResultBundleReading)?
    ) async throws {
        finisher = RunFinisher(
            outputDirectory: output, pipelineName: settings.name, formats: settings.formats, strict: settings.strict,
            context: context)
        // A folder is read as a result bundle (the selector says so when it is not one), never as a log.
        guard let bundle = inputs.first,
            Self.isBundle(bundle.path) || (inputs.count == 1 && PathKind.of(bundle) == .folder)
        else {
            let files = try ParseInputs.prepare(
                inputs, keepInput: settings.keepInput, savesPipes: !settings.summaryOnly || inputs.count > 1)
            scratch = files.scratch
            do {
                reading = try Self.readLogs(files, settings: settings, context: context)
            } catch {
                files.removeScratch()
                throw error
            }
            return
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("smokerun-xcresult-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        self.scratch = scratch
        do {
            reading = try Self.readBundle(
                bundle, scratch: scratch, settings: settings, context: context, xcresulttool: xcresulttool(context))
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
    }

    package static func isBundle(_ path: String) -> Bool {
        URL(fileURLWithPath: path).pathExtension.lowercased() == "xcresult"
    }

    package var summaryFailure: ErrorKind? { reading.summaryFailure }

    package func removeScratch() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// After the run is written: bundle readers that disagree fail the command.
    package func checkReadingsAgree(of input: URL) throws {
        if !reading.differences.isEmpty {
            throw ResultBundleError.readingsDiffer(path: input.path, differences: reading.differences)
        }
    }

    package mutating func start() throws -> Date {
        let environment = finisher.context.environment
        byteLimit = try AttachmentSourcePolicy.byteLimit(environment: environment)
        budgetTotal = try AttachmentBudget.total(environment: environment)
        guard let report = reading.report else { preconditionFailure("a summary of statuses writes no run") }
        return report.startedAt
    }

    package func produce(in folder: RunDirectory, folderProblem: String?) -> RunDraft {
        guard var report = reading.report else { preconditionFailure("a summary of statuses writes no run") }
        let context = finisher.context
        // Made elsewhere, perhaps from another checkout: only a CI's own variables name its commit.
        report.origin = RunOriginReader(runner: context.runner, environment: context.environment)
            .read(projectFolder: nil)
        var draft = RunDraft(report: report, folder: folder)
        draft.attachments = [
            RunDraft.Attachments(
                files: reading.attachments, tests: report.tests.indices, allowedFolders: reading.allowedFolders,
                failureTimes: reading.failureTimes)
        ]
        draft.attachmentByteLimit = byteLimit
        draft.attachmentBudget = AttachmentBudget(total: budgetTotal)
        draft.consoleLog = reading.consoleLog
        return draft
    }

    /// A report of `tests` whose status they decide (a bundle's notes, e.g. an unavailable attachment, listed).
    static func report(
        _ tests: [TestResult], settings: Settings, device: ResolvedDevice?, toolchain: ToolchainInfo?,
        notes: [String], startedAt: Date, finishedAt: Date, parsedAt: Date
    ) -> RunReport {
        var report = RunReport(
            pipeline: settings.name, runID: RunID.make(date: startedAt, suffix: RunID.randomSuffix()),
            status: RunReport.status(of: tests, errors: []), startedAt: startedAt, finishedAt: finishedAt, seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil), environment: [:],
            device: device ?? ResolvedDevice(platform: "unknown"), toolchain: toolchain, tests: tests,
            errors: notes.map { InfrastructureError(message: $0) })
        report.parsedAt = parsedAt
        return report
    }

    /// The totals line, and the reading of a `report` with them.
    static func said(_ report: RunReport, settings: Settings, context: HostContext) -> Reading {
        var report = report
        // The frameworks said they ran nothing (`Executed 0 tests`, `Test run with 0 tests`): nothing passed.
        if report.tests.isEmpty, report.status == .passed {
            report.status = .error
            report.errors.append(InfrastructureError(message: ranNoTests))
            context.standardError.line("smokerun parse: error: \(ranNoTests)")
        }
        printTotals(report.totals, context: context)
        return Reading(
            report: report,
            summaryFailure: RunFinisher.failure(of: report, coverageBelowMinimum: false, strict: settings.strict))
    }

    static let ranNoTests = """
        the input ran no tests (its frameworks' totals count none), and a run of nothing is not a pass: check the \
        command's filter (`swift test --filter`, `-only-testing:`) and that the test target has tests
        """

    static func printTotals(_ t: Totals, context: HostContext) {
        let tests = ReportText.count(t.tests, "test")
        let expected = ReportText.count(t.expectedFailures, "expected failure")
        let unfinished =
            (t.interrupted > 0 ? ", \(t.interrupted) interrupted" : "")
            + (t.unfinished > 0 ? ", \(t.unfinished) without a result" : "")
        context.standardOutput.line(
            """
            \(tests): \(t.passed) passed, \(t.failed) failed, \(t.crashed) crashed, \(t.timedOut) timed out, \
            \(t.skipped) skipped, \(expected)\(unfinished)
            """
        )
    }
}
