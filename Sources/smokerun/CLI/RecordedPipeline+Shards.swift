import Foundation
import SmokeCore
import SmokeKit

extension RecordedPipeline {
    /// The shards `merge` joins (run folders, their report.json, or run ids), read, and the pipeline they ran:
    /// `--pipeline`, else the first's recorded `pipelineFile`, else the default. Shards of several runs (pipelines,
    /// pipeline files or seeds) are refused first; a file changed since the shards ran warns once.
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
        try RunMerger.checkOneRun(parts)
        let (pipelineURL, pipelineDisplay) = try file(
            for: parts[0].report, runDirectory: directories[0], given: pipelinePath, context: context)
        let pipeline = try PipelineLoader().load(pipelineURL, displayPath: pipelineDisplay)
        for part in parts where part.report.pipeline != pipeline.name {
            throw MergeError.differentPipelines(
                first: pipelineDisplay, firstPipeline: pipeline.name, other: part.source,
                otherPipeline: part.report.pipeline)
        }
        // Every shard that recorded a hash recorded this one (`checkOneRun`).
        if let recorded = parts.first(where: { $0.report.pipelineHash != nil }),
            let warning = changeWarning(recorded.report, file: pipelineURL, displayPath: pipelineDisplay)
        {
            context.standardError.line("merge: \(warning)")
        }
        return (parts, directories, pipeline)
    }
}
