import Foundation
import SmokeCore

/// The one way a run is assembled, whatever its source: prepare the folder, draft, store attachments, finish.
package enum RunPipeline {
    package static func run(_ source: some RunSource) async throws -> SmokeRun.Outcome {
        var source = source
        let finisher = source.finisher
        // A history limit the environment gets wrong is refused before anything runs.
        _ = try HistoryDetail(environment: finisher.context.environment)
        let startedAt = try await source.start()
        let store = RunStore(
            outputDirectory: finisher.outputDirectory, writer: finisher.fileWriter, history: finisher.history)
        var folder: RunDirectory
        var problem: String?
        do {
            folder = RunDirectory(try store.createRunDirectory(startedAt: startedAt).url)
        } catch {
            guard source.survivesMissingFolder else { throw error }
            let runID = RunID.make(date: startedAt, suffix: RunID.randomSuffix())
            folder = RunDirectory(OutputLayout(root: finisher.outputDirectory).run(runID))
            problem = error.localizedDescription
        }
        var draft = try await source.produce(in: folder, folderProblem: problem)
        draft.report.runID = folder.url.lastPathComponent
        attach(&draft, writer: finisher.fileWriter, context: finisher.context)
        return await finisher.finish(draft)
    }

    /// Stores the draft's files under the run folder within one budget, linked to their tests; refusals and failures
    /// join the report's errors. Then decides the status.
    static func attach(_ draft: inout RunDraft, writer: FileWriter, context: HostContext) {
        let store = AttachmentStore(writer: writer, byteLimit: draft.attachmentByteLimit)
        var storeErrors: [InfrastructureError] = []
        for group in draft.attachments {
            let sources = AttachmentSourcePolicy(allowedFolders: group.allowedFolders, byteLimit: store.byteLimit)
                .filter(group.files)
            if case .given = draft.status {
                for refused in sources.refused { context.standardError.line("warning: \(refused.message)") }
            }
            // An attachment not copied loses no result: the tests' verdict stands.
            draft.report.errors += sources.refused.map { refused in
                var warning = refused
                warning.severity = .warning
                return warning
            }
            let stored: [InfrastructureError]
            if group.tests == draft.report.tests.indices {
                stored = store.attach(
                    sources.allowed, to: &draft.report.tests, in: draft.folder.url, failureTimes: group.failureTimes,
                    budget: &draft.attachmentBudget)
            } else {
                var tests = Array(draft.report.tests[group.tests])
                stored = store.attach(
                    sources.allowed, to: &tests, in: draft.folder.url, failureTimes: group.failureTimes,
                    budget: &draft.attachmentBudget)
                draft.report.tests.replaceSubrange(group.tests, with: tests)
            }
            draft.report.errors += stored
            storeErrors += stored
        }
        switch draft.status {
        case .afterAttaching(let interrupted):
            let status = RunReport.status(of: draft.report.tests, errors: draft.report.errors)
            draft.report.status = interrupted ? .interrupted : status
            // After the status is decided: a disagreement with the frameworks' counts is warned about, never turns a
            // passing run into an error (`--strict` fails it). The run's summary prints the errors it lists; the notes
            // are said here.
            for line in draft.report.listDisagreements() where line.hasPrefix("smokerun: note:") {
                context.standardError.line(line)
            }
        case .given where draft.attachmentBudget.unstored > 0:
            // Results that did not all reach the disk: never `passed`.
            for error in storeErrors where !error.isNote {
                context.standardError.line("smokerun: error: \(error.message)")
            }
            draft.report.status = .error
        case .given: break
        }
    }
}
