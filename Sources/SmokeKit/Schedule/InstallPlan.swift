import Foundation

/// Everything `smokerun install` prints from: absolute paths and the pipeline's schedule.
package struct InstallPlan: Sendable {
    package var pipelineName: String
    package var cron: CronExpression
    package var timeZone: String
    /// The `smokerun` executable, absolute.
    package var executable: String
    /// The pipeline file, absolute.
    package var pipelineFile: String
    /// Where the job runs from (the project root), absolute.
    package var workingDirectory: String
    /// The pipeline's output folder, absolute; job logs go there.
    package var outputDirectory: String

    package init(
        pipelineName: String, cron: CronExpression, timeZone: String, executable: String,
        pipelineFile: String, workingDirectory: String, outputDirectory: String
    ) {
        self.pipelineName = pipelineName
        self.cron = cron
        self.timeZone = timeZone
        self.executable = executable
        self.pipelineFile = pipelineFile
        self.workingDirectory = workingDirectory
        self.outputDirectory = outputDirectory
    }

    /// `smokerun-smoke`: the unit and job name, safe in file names.
    package var jobName: String {
        "smokerun-" + String(pipelineName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }
}
