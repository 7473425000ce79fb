import Foundation
import SmokeCore
import SmokeKit

/// The `smokerun` front end: picks the command, runs it, maps errors to exit statuses.
public enum CommandLineTool {
    /// Every command, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        RunCommand.self,
        ScheduleCommand.self,
        NextCommand.self,
        InstallCommand.self,
        DoctorCommand.self,
        ParseCommand.self,
        CoverageCommand.self,
        NotifyCommand.self,
        HistoryCommand.self,
        DevicesCommand.self,
        InitCommand.self,
        BisectCommand.self,
        CulpritCommand.self,
        MergeCommand.self,
        AttachmentsCommand.self,
        DashboardCommand.self,
        SecretCommand.self,
    ]

    /// Runs one command line against the real world; returns the exit status.
    public static func main(arguments: [String]) async -> Int32 {
        await run(arguments: arguments, context: HostContext()).rawValue
    }

    static func run(arguments: [String], context: HostContext) async -> ExitCode {
        var code = await dispatch(arguments: arguments, context: context)
        // Output that did not reach its file (`> full-disk`) is not a success.
        if let failure = context.standardOutput.writeFailure {
            context.standardError.line("smokerun: could not write its output: \(failure)")
            if code == .passed { code = .infrastructure }
        }
        return code
    }

    private static func dispatch(arguments: [String], context: HostContext) async -> ExitCode {
        guard let name = arguments.first, !["--help", "-h", "help"].contains(name) else {
            context.standardOutput.write(overview)
            return arguments.isEmpty ? .invalidInput : .passed
        }
        if name == "--version" || name == "version" {
            context.standardOutput.line("smokerun \(Version.current)")
            return .passed
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            let suggestion =
                Suggestion.closest(to: name, in: commands.map { $0.name }).map { " Did you mean '\($0)'?" } ?? ""
            context.standardError.line(
                "smokerun: unknown command '\(name)'.\(suggestion) Run `smokerun --help` to see the commands.")
            return .invalidInput
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            context.standardOutput.write(command.help)
            return .passed
        }
        do {
            return try await command.init(arguments: rest).run(in: context)
        } catch {
            context.standardError.line("smokerun \(name): \(FileErrorText.message(for: error))")
            return ExitCode((error as? any DomainError)?.kind ?? .infrastructure)
        }
    }

    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \(TextColumns.pad($0.name, width))  \($0.summary)" }
        return """
            smokerun — smoke runs for Swift and iOS test suites

            Usage: smokerun <command> [options]   (smokerun <command> --help for details)
                   smokerun --version

            Commands:
            \(list.joined(separator: "\n"))

            Exit status: 0 passed, 1 tests failed, 2 invalid input or configuration,
            3 infrastructure error, 4 coverage below its minimum, 5 doctor found a problem,
            6 culprit stopped before an answer.

            """
    }
}
