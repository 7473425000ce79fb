import Foundation
import SmokeCore
import SmokeKit

/// `smokerun secret set NAME [--output DIR] [--pipeline FILE]`: a secret into `<output>/env` (mode 0600), read
/// from stdin, never an argument, which `ps` and shell history would show.
struct SecretCommand: Command {
    static let name = "secret"
    static let summary = "store a secret (the webhook URL, a token) in OUTPUT/env, read from standard input"
    static let help = """
        Usage: smokerun secret set NAME [--output DIR] [--pipeline FILE]

        Reads NAME's value from standard input (one trailing newline is dropped) and writes NAME=value
        into OUTPUT/env with mode 600, replacing NAME's line and keeping the others; makes OUTPUT when it
        is not there. Every run, notify, install and doctor read the file, so cron, systemd and launchd
        jobs get the variable without it in their command line. The file supplies only the variables
        the pipeline's notifier names (notify.webhookURLEnvironment, notify.slackUpload.tokenEnvironment).
        The value is never printed.

          printf '%s' "$WEBHOOK_URL" | smokerun secret set SMOKERUN_WEBHOOK_URL
          smokerun secret set SMOKERUN_WEBHOOK_URL < url.txt

        Options:
          --output DIR     the output folder (default: the pipeline's, else .smokerun)
          --pipeline FILE  the pipeline whose output folder and notifier apply (default: Pipelines/smoke.json)

        Exit status: 0 written, 2 a bad name, value or folder, 3 the file could not be written.

        """

    /// Standard input, whole (up to the env file's size limit); tests pass the bytes.
    typealias InputReader = @Sendable () -> [UInt8]

    static let standardInput: InputReader = {
        if isatty(STDIN_FILENO) == 1 {
            FileHandle.standardError.write(Data("secret: type the value, then press Ctrl-D\n".utf8))
        }
        let data = (try? FileHandle.standardInput.read(upToCount: EnvironmentFile.byteLimit + 1)) ?? nil
        return Array(data ?? Data())
    }

    var variable: String
    var output: String?
    var pipeline: String?
    var readInput: InputReader

    init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, readInput: Self.standardInput)
    }

    init(arguments: [String], readInput: @escaping InputReader) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["output", "pipeline"])
        guard parsed.positionals.first == "set" else {
            throw UsageError("the one subcommand is `set NAME` (smokerun secret set SMOKERUN_WEBHOOK_URL)")
        }
        guard parsed.positionals.count == 2 else {
            throw UsageError(
                """
                `secret set` takes one NAME and reads its value from standard input, never from the command line \
                (got \(parsed.positionals.count - 1) arguments after `set`)
                """)
        }
        variable = parsed.positionals[1]
        guard EnvironmentFile.isVariableName(variable) else {
            throw UsageError("'\(variable)' is not a variable name (letters, digits and _, not starting with a digit)")
        }
        output = parsed.value("output")
        pipeline = parsed.value("pipeline")
        self.readInput = readInput
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let root = ProjectLocator.root(from: context.currentDirectory) ?? context.currentDirectory
        try OutputOption.check(output, projectRoot: root, in: context)
        let outputDirectory = try RecordedPipeline.lookupOutput(
            output: output, pipelinePath: pipeline, context: context)
        let (pipelineURL, pipelineShown) = ProjectLocator.pipeline(pipeline, in: context)
        var notify = NotifySettings()
        if PathKind.of(pipelineURL) == .file {
            notify = try PipelineLoader().load(pipelineURL, displayPath: pipelineShown).notify
        }
        let value = try EnvironmentFile.secretValue(from: readInput(), name: variable)
        let layout = OutputLayout(root: outputDirectory)
        let shown = context.displayPath(layout.environmentFile)
        try EnvironmentFileWriter().set(variable, to: value, in: layout, displayPath: shown)
        context.standardOutput.line("secret: \(variable) written to \(shown) (mode 600)")
        if !RequiredVariable.fileVariables(of: notify).contains(variable) {
            let names = RequiredVariable.fileVariables(of: notify).sorted().joined(separator: ", ")
            context.standardError.line(
                """
                secret: warning: runs ignore \(variable) in \(shown): the file supplies only the variables the \
                notifier of \(pipelineShown) names (\(names))
                """)
        }
        return .passed
    }
}
