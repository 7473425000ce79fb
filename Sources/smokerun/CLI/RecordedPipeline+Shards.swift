import Foundation
import SmokeCore
import SmokeKit

extension RecordedPipeline {
    /// The shards `merge` joins (run directories, their report.json, or run ids under the output folder), read, and
    /// the pipeline they all ran: `--pipeline` (`pipelinePath`), else the one the first recorded (report.json
    /// `pipelineFile`), else the project's default. A file changed since is used with a warning, once per recorded
    /// hash.
    static func shards(_ runs: [String], pipelinePath: String?, output: String?, _ context: HostContext) throws
        -> MergedShards.Shards
    {
        let lookup = try lookupOutput(output: output, pipelinePath: pipelinePath, context: context)
        var parts: [RunMerger.Part] = []
        var directories: [URL] = []
        for run in runs {
            let directory = try RunDirectoryLocator.resolve(
                run, outputDirectory: lookup, resolvePath: context.url(for:))
            parts.append(RunMerger.Part(report: try RunReportFile.load(at: directory), source: run))
            directories.append(directory)
        }
        let (pipelineURL, pipelineDisplay) = try file(
            for: parts[0].report, runDirectory: directories[0], given: pipelinePath, context: context)
        let pipeline = try PipelineLoader().load(pipelineURL, displayPath: pipelineDisplay)
        for part in parts where part.report.pipeline != pipeline.name {
            throw MergeError.differentPipelines(
                first: pipelineDisplay, firstPipeline: pipeline.name, other: part.source,
                otherPipeline: part.report.pipeline)
        }
        var warned: Set<String> = []
        for part in parts {
            guard
                let warning = changeWarning(part.report, file: pipelineURL, displayPath: pipelineDisplay),
                warned.insert(part.report.pipelineHash ?? "").inserted
            else { continue }
            context.standardError.line("merge: \(warning)")
        }
        return (parts, directories, pipeline)
    }
}
