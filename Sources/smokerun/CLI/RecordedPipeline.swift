import Foundation
import SmokeCore
import SmokeKit

/// The pipeline a command about finished runs (`bisect`, `merge`) uses: `--pipeline`, else the run's recorded
/// `pipelineFile`, else the project's default. A file whose hash differs from `pipelineHash` is used with a
/// warning naming both hashes (the old content is not stored, so changed keys cannot be named).
enum RecordedPipeline {
    /// Where run ids are looked up: `--output`, else the pipeline's `output` (if the file exists), else `.smokerun`.
    static func lookupOutput(output: String?, pipelinePath: String?, context: HostContext) throws -> URL {
        if let output { return context.url(for: output) }
        let (url, displayPath) = ProjectLocator.pipeline(pipelinePath, in: context)
        if pipelinePath != nil || PathKind.of(url) == .file {
            let pipeline = try PipelineLoader().load(url, displayPath: displayPath)
            return pipeline.resolve(pipeline.output, currentDirectory: context.currentDirectory)
        }
        let root = ProjectLocator.root(from: context.currentDirectory) ?? context.currentDirectory
        return root.appendingPathComponent(OutputLayout.defaultOutput).standardizedFileURL
    }

    /// A finished run whose tests a command re-runs (`bisect`, `culprit`): RUN's folder and report, and its recorded
    /// pipeline (`file(for:…)`), which must still be the run's by name.
    struct Run {
        var folder: URL
        var report: RunReport
        var pipeline: Pipeline
        var pipelineFile: URL
        var pipelineDisplay: String
    }

    static func run(_ run: String?, output: String?, pipelinePath: String?, context: HostContext) throws -> Run {
        let lookup = try lookupOutput(output: output, pipelinePath: pipelinePath, context: context)
        let folder = try RunDirectoryLocator.resolve(run, outputDirectory: lookup, resolvePath: context.url(for:))
        let report = try RunReportFile.load(at: folder)
        let (url, display) = try file(for: report, runDirectory: folder, given: pipelinePath, context: context)
        let pipeline = try PipelineLoader().load(url, displayPath: display)
        guard report.pipeline == pipeline.name else {
            throw BisectError.pipelineMismatch(pipeline: pipeline.name, file: display, report: report.pipeline)
        }
        return Run(folder: folder, report: report, pipeline: pipeline, pipelineFile: url, pipelineDisplay: display)
    }

    /// The pipeline file of `report`: `given`, else the recorded path under the first root holding it (the project
    /// found upward, then the folder holding the run's output folder), else the default pipeline.
    static func file(
        for report: RunReport, runDirectory: URL, given: String?, context: HostContext
    ) throws(RecordedPipelineError) -> (url: URL, displayPath: String) {
        guard given == nil, let recorded = report.pipelineFile else {
            return ProjectLocator.pipeline(given, in: context)
        }
        if recorded.hasPrefix("/") { return (URL(fileURLWithPath: recorded).standardizedFileURL, recorded) }
        // <root>/<output>/runs/<id>: the output folder is two levels up, the usual root one more.
        let besideOutput = runDirectory.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let roots = [ProjectLocator.root(from: context.currentDirectory), besideOutput, context.currentDirectory]
            .compactMap { $0 }
        let candidates = roots.map { $0.appendingPathComponent(recorded).standardizedFileURL }
        guard let found = candidates.first(where: { PathKind.of($0) == .file }) else {
            throw RecordedPipelineError(recorded: recorded, runID: report.runID, tried: candidates.map(\.path))
        }
        let atRoot = found.path == context.url(for: recorded).path
        return (found, atRoot ? recorded : found.path)
    }

    /// A warning when the file's content is not what `report` ran with; nil when it is or no hash was recorded.
    static func changeWarning(
        _ report: RunReport, file: URL, displayPath: String,
        readFile: (URL) throws -> Data = { try Data(contentsOf: $0) }
    ) -> String? {
        guard let recorded = report.pipelineHash else { return nil }
        guard let data = try? readFile(file) else { return nil }
        let current = SHA256.hex(data)
        guard current != recorded else { return nil }
        return """
            warning: \(displayPath) changed since run \(report.runID) (sha256 \(recorded.prefix(12))… then, \
            \(current.prefix(12))… now); the run's own content was not kept, so this uses the file as it is now
            """
    }
}

/// The pipeline file a run recorded is nowhere to be found.
struct RecordedPipelineError: Error, Equatable, LocalizedError, DomainError {
    var recorded: String
    var runID: String
    var tried: [String]

    var kind: ErrorKind { .invalidInput }

    var errorDescription: String? {
        """
        run \(runID) ran pipeline \(recorded), which is not there now (looked for \(tried.joined(separator: ", "))); \
        run from the project's folder or pass the pipeline with --pipeline FILE
        """
    }
}
