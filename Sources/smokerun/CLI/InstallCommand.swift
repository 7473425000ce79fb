import Foundation
import SmokeCore
import SmokeKit

/// `smokerun install [PIPELINE]`: prints a crontab line, a systemd service and timer, and a launchd plist.
struct InstallCommand: Command {
    static let name = "install"
    static let summary = "print crontab, systemd and launchd configurations that run a pipeline on its schedule"
    static let help = """
        Usage: smokerun install [PIPELINE]

        Prints, ready to paste, a crontab line, a systemd service + timer pair (Persistent=true)
        and a launchd plist, each calling `smokerun run` on the pipeline with absolute paths,
        and with the PATH (the Swift toolchain's folder first) and SMOKERUN_SWIFT of this shell:
        schedulers start jobs with almost no environment. Secrets stay out of them: every run reads
        <output>/env (KEY=VALUE lines, mode 600); install lists the variables the pipeline needs
        (the webhook URL's) and whether each is set there yet, names only. Nothing is installed.
        PIPELINE defaults to Pipelines/smoke.json.

        """

    /// Nil: the default pipeline of the project found upward.
    private let file: String?
    private let environment: ScheduleEnvironment

    init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, environment: .live)
    }

    init(arguments: [String], environment: ScheduleEnvironment) throws(UsageError) {
        let parsed = try Arguments(arguments)
        guard parsed.positionals.count <= 1 else {
            throw UsageError("install takes one pipeline file, not \(parsed.positionals.count)")
        }
        file = parsed.positionals.first
        self.environment = environment
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let url = ProjectLocator.pipeline(file, in: context).url
        let pipeline = try environment.loadPipeline(url)
        let cron = try CronExpression(pipeline.schedule)
        guard TimeZone(identifier: pipeline.timeZone) != nil else {
            throw UsageError(
                "\(url.path): timeZone '\(pipeline.timeZone)' is not an IANA time zone name (e.g. 'Europe/Berlin')")
        }
        let swift = (try? SwiftToolchain.locate(environment: context.environment)).map { $0.standardizedFileURL }
        let outputDirectory = environment.outputDirectory(pipeline, url)
        let file = OutputLayout(root: outputDirectory).environmentFile
        let fileNames: Set<String>
        do {
            fileNames = Set((try EnvironmentFileReader().read(file))?.entries.map(\.name) ?? [])
        } catch {
            fileNames = []
            context.standardError.line("install: warning: \(error.localizedDescription)")
        }
        let variables = RequiredVariable.of(pipeline.notify, environment: context.environment, fileNames: fileNames)
        let plan = InstallPlan(
            pipelineName: pipeline.name, cron: cron, timeZone: pipeline.timeZone,
            executable: ExecutableLocator.resolve(
                environment.invokedAs, currentDirectory: context.currentDirectory, environment: context.environment),
            pipelineFile: url.path,
            workingDirectory: ScheduleEnvironment.projectRoot(of: url).path,
            outputDirectory: outputDirectory.path,
            environment: InstallPlan.jobEnvironment(swift: swift, currentPath: context.environment["PATH"]),
            variables: variables)
        if swift == nil {
            context.standardError.line(
                """
                install: no `swift` on PATH (or SMOKERUN_SWIFT), so the job's SMOKERUN_SWIFT is not set; run install \
                where `swift --version` works
                """
            )
        }
        context.standardOutput.write(InstallSnippets.all(plan))
        return .passed
    }
}
