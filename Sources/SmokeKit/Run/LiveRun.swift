import Foundation
import SmokeCore

/// A run of the pipeline's driver (`run`, the scheduler): seed and progress line, then the tests in the run
/// folder. A folder that cannot be made is an error in its report, never a thrown one.
struct LiveRun: RunSource {
    var run: SmokeRun
    let finisher: RunFinisher
    private var preparation: RunPreparation?
    private var started: RunPreparation.Started?
    private var origin: RunOrigin?
    private var gitRefused: String?

    init(_ run: SmokeRun) {
        self.run = run
        finisher = run.finisher
    }

    var survivesMissingFolder: Bool { true }

    mutating func start() async -> Date {
        let context = run.context
        let startedAt = context.clock.now
        // Read before the tests run: the commit the report names is the one that was tested.
        let project = context.drivers.projectFolder(of: run.pipeline, currentDirectory: context.currentDirectory)
        (origin, gitRefused) = RunOriginReader(runner: context.runner, environment: context.environment)
            .readSayingWhy(projectFolder: project)
        let preparation = RunPreparation(
            pipeline: run.pipeline, options: run.options, context: context, outputDirectory: run.outputDirectory,
            history: finisher.history, cancellation: run.cancellation, processGroups: run.processGroups,
            fileWriter: run.fileWriter, processors: run.processors, startedAt: startedAt)
        started = preparation.start()
        self.preparation = preparation
        return startedAt
    }

    func produce(in folder: RunDirectory, folderProblem: String?) async -> RunDraft {
        guard let preparation, let started else { preconditionFailure("a live run is produced after it started") }
        let (pipeline, context) = (run.pipeline, run.context)
        let opened = preparation.open(folder, problem: folderProblem, started: started)
        var errors = opened.errors
        errors += run.endedLeftovers.map { command in
            InfrastructureError(
                message: "a killed earlier run left this running; it was ended before this run started: \(command)",
                severity: .note)
        }
        if let problem = run.environmentFileProblem {
            errors.append(
                InfrastructureError(
                    message: "\(problem.localizedDescription) (this run goes on without its variables)",
                    severity: .warning))
        }
        if let warning = run.environmentFileWarning {
            errors.append(InfrastructureError(message: warning, severity: .warning))
        }
        if let gitRefused { errors.append(InfrastructureError(message: gitRefused, severity: .warning)) }
        errors += pipeline.environmentOverrides.map { InfrastructureError(message: $0.message, severity: .warning) }
        var driverResult = DriverResult(device: HostDevice.resolve(pipeline.device, environment: context.environment))
        if let runContext = opened.runContext {
            let driver = context.drivers.make(for: pipeline)
            driverResult = await BlockingWork.run { driver.run(in: runContext) }
            started.progress.clear()
        }
        if let failure = opened.console?.failure {
            errors.append(InfrastructureError(message: "console.log is incomplete: \(failure.localizedDescription)"))
        }
        errors += driverResult.errors

        var tests: [TestResult] = []
        var attachments: [RunDraft.Attachments] = []
        for group in driverResult.attachmentGroups {
            // Only files the run itself produced (under its own directory) are copied: a test cannot smuggle others in.
            attachments.append(
                RunDraft.Attachments(
                    files: group.attachments, tests: tests.count..<(tests.count + group.tests.count),
                    allowedFolders: [folder.url]))
            tests += group.tests
        }
        var ordering = started.ordering
        ordering.orderControlled = driverResult.orderDecidedBy == nil
        let startedAt = preparation.startedAt
        var report = RunReport(
            pipeline: pipeline.name, runID: folder.url.lastPathComponent, status: .passed, startedAt: startedAt,
            finishedAt: context.clock.now, seed: started.seed, ordering: ordering,
            environment: driverResult.testEnvironment ?? pipeline.environment,
            device: driverResult.device, toolchain: driverResult.toolchain, tests: tests, errors: errors)
        report.shard = run.options.shard.map { shard in
            var shard = shard
            shard.selected = driverResult.shardSelected
            return shard
        }
        report.origin = origin
        report.environmentFile = run.environmentFile
        (report.pipelineFile, report.pipelineHash) = (started.pipelineFile?.path, started.pipelineFile?.hash)
        report.inputs = [
            InputRecord(
                path: RunDirectory.consoleLogName, format: ConsoleFormat().name,
                unrecognizedLines: driverResult.unrecognizedLines)
        ]
        report.reconciliation = driverResult.reconciliation
        var draft = RunDraft(report: report, folder: folder)
        draft.attachments = attachments
        draft.attachmentByteLimit = AttachmentSourcePolicy.byteLimitOrDefault(environment: context.environment)
        draft.attachmentBudget = AttachmentBudget(total: pipeline.attachmentBudget)
        draft.status = .afterAttaching(interrupted: driverResult.interrupted || run.cancellation.isCancelled)
        (draft.profiles, draft.testBinaries) = (driverResult.profiles, driverResult.testBinaries)
        draft.releaseTestBinaries = driverResult.releaseTestBinaries
        return draft
    }
}
