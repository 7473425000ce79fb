import Foundation
import SmokeCore
import SmokeKit

/// `smokerun init`: writes a starter pipeline for the package in the current folder.
struct InitCommand: Command {
    static let name = "init"
    static let summary = "write a starter pipeline (Pipelines/smoke.json) for the package here"
    static let help = """
        Usage: smokerun init [--name NAME] [--path FILE] [--force]

        Writes a pipeline that smoke-tests the Swift package in the current folder every four
        hours, in random order, with IS_UNIT_TESTING=1, and adds its output folder (.smokerun/)
        to .gitignore. Edit it, then `smokerun run`.

          --name NAME   pipeline name (default: smoke)
          --path FILE   where to write it (default: Pipelines/<name>.json)
          --force       overwrite an existing file

        """

    var name: String
    var path: String?
    var force: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["name", "path"], flags: ["force"])
        guard parsed.positionals.isEmpty else { throw UsageError("init takes no positional arguments") }
        name = parsed.value("name") ?? "smoke"
        path = parsed.value("path")
        force = parsed.flag("force")
        guard name.range(of: "^[A-Za-z0-9._-]+$", options: .regularExpression) != nil else {
            throw UsageError("--name '\(name)' may hold only letters, digits, '.', '_' and '-'")
        }
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let root = context.currentDirectory
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw UsageError("no Package.swift in \(root.path); run `smokerun init` in the package's folder")
        }
        let file = context.url(for: path ?? "Pipelines/\(name).json")
        if FileManager.default.fileExists(atPath: file.path), !force {
            throw UsageError("\(file.path) already exists; pass --force to overwrite it")
        }
        // Relative paths are read from the parent of Pipelines/, so "." is this package.
        let packagePath = file.deletingLastPathComponent().lastPathComponent == "Pipelines" ? "." : root.path
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.template(name: name, packagePath: packagePath).utf8).write(to: file, options: .atomic)
        context.standardOutput.line("wrote \(file.path)")
        let gitignore = root.appendingPathComponent(".gitignore")
        let existing =
            FileManager.default.fileExists(atPath: gitignore.path)
            ? try String(contentsOf: gitignore, encoding: .utf8) : nil
        if let updated = GitIgnoreEntry.adding(Self.outputEntry, to: existing) {
            try Data(updated.utf8).write(to: gitignore, options: .atomic)
            context.standardOutput.line("added \(Self.outputEntry) to \(gitignore.path)")
        }
        context.standardOutput.line("next: smokerun run \(path ?? "Pipelines/\(name).json")")
        return .passed
    }

    /// The template's output folder, as a .gitignore line.
    static let outputEntry = ".smokerun/"

    static func template(name: String, packagePath: String) -> String {
        """
        {
          "name": "\(name)",
          "schedule": "0 */4 * * *",
          "timeZone": "UTC",
          "swiftpm": { "packagePath": "\(packagePath)", "filter": [], "skip": [] },
          "device": { "platform": "host" },
          "ordering": { "mode": "random", "isolation": "suite" },
          "environment": { "IS_UNIT_TESTING": "1" },
          "timeouts": { "runSeconds": 1800, "testSeconds": 300 },
          "retries": { "failed": 0 },
          "coverage": { "enabled": true, "include": ["Sources/"] },
          "reports": ["json", "junit", "markdown", "html"],
          "output": ".smokerun",
          "retention": { "runs": 60, "days": 14 },
          "notify": { "webhookURLEnvironment": "SMOKERUN_WEBHOOK_URL", "format": "slack", "on": ["failure", "recovery"] }
        }

        """
    }
}
