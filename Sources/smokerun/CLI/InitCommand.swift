import Foundation
import SmokeCore
import SmokeKit

/// `smokerun init`: writes a starter pipeline for the Swift package or Xcode project in the current folder.
struct InitCommand: Command {
    static let name = "init"
    static let summary = "write a starter pipeline for the package or Xcode project here"
    static let help = """
        Usage: smokerun init [--name NAME] [--path FILE] [--force]
                             [--workspace W | --project P] [--scheme S] [--test-plan T] [--device NAME] [--runtime V]

        Writes a pipeline that smoke-tests the project in the current folder every four hours, in random
        order, with IS_UNIT_TESTING=1 and one retry of a failed test, and adds its output folder
        (.smokerun/) to .gitignore. Edit it, then `smokerun run`.

        A Swift package (Package.swift) is tested with `swift test`. An Xcode workspace or project (or
        --workspace/--project) is tested with xcodebuild on a pinned simulator, created and erased before
        each run: init reads its schemes with `xcodebuild -list` and the simulators with `xcrun simctl`,
        so it needs macOS with Xcode.

          --name NAME        pipeline name (default: the package's name, else the scheme's)
          --path FILE        where to write it (default: Pipelines/smoke.json, which every command reads
                             when given no pipeline)
          --force            overwrite an existing file
          --workspace W      the .xcworkspace to test (default: the one in this folder)
          --project P        the .xcodeproj to test (default: the one in this folder, when no workspace)
          --scheme S         the scheme (default: the one scheme with tests; several are listed)
          --test-plan T      the scheme's test plan (default: its first)
          --device NAME      the simulator to pin, exactly as Xcode names it (default: the newest iPhone)
          --runtime V        its iOS runtime, e.g. "iOS 18.2" or 18.2 (default: the newest installed)

        """

    var name: String?
    var path: String?
    var force: Bool
    var workspace: String?
    var project: String?
    var scheme: String?
    var testPlan: String?
    var device: String?
    var runtime: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["name", "path", "workspace", "project", "scheme", "test-plan", "device", "runtime"],
            flags: ["force"])
        guard parsed.positionals.isEmpty else { throw UsageError("init takes no positional arguments") }
        name = parsed.value("name")
        path = parsed.value("path")
        force = parsed.flag("force")
        workspace = parsed.value("workspace")
        project = parsed.value("project")
        scheme = parsed.value("scheme")
        testPlan = parsed.value("test-plan")
        device = parsed.value("device")
        runtime = parsed.value("runtime")
        if let name, name.range(of: "^[A-Za-z0-9._-]+$", options: .regularExpression) == nil {
            throw UsageError("--name '\(name)' may hold only letters, digits, '.', '_' and '-'")
        }
        if workspace != nil, project != nil { throw UsageError("give --workspace or --project, not both") }
    }

    private var xcodeOptions: [String] {
        [("scheme", scheme), ("test-plan", testPlan), ("device", device), ("runtime", runtime)]
            .compactMap { $0.1 == nil ? nil : "--\($0.0)" }
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let root = context.currentDirectory
        let hasPackage = FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        for (option, value) in [("workspace", workspace), ("project", project)] {
            if let value, !FileManager.default.fileExists(atPath: context.url(for: value).path) {
                throw UsageError("--\(option) \(value): no such file or folder in \(root.path)")
            }
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        if let container = try XcodeContainer.choose(entries: entries, workspace: workspace, project: project) {
            if let xcodebuild = XcodeProjectInspector.xcodebuild(path: context.environment["PATH"]) {
                return try writeXcodePipeline(container: container, xcodebuild: xcodebuild, context: context)
            }
            let missing = InitError.xcodeMissing(container: container.path)
            guard hasPackage, workspace == nil, project == nil else { throw missing }
            context.standardError.line(
                "smokerun init: \(missing.localizedDescription). Writing the SwiftPM pipeline for Package.swift instead."
            )
        }
        guard hasPackage else {
            throw UsageError(
                "no Package.swift, .xcworkspace or .xcodeproj in \(root.path); run `smokerun init` in the package's or app's folder"
            )
        }
        if let option = xcodeOptions.first {
            throw UsageError("\(option) is for Xcode projects; this folder has only a Swift package (Package.swift)")
        }
        let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let name =
            self.name ?? manifest.flatMap(PipelineTemplate.packageName(manifest:)).map(PipelineTemplate.pipelineName)
            ?? PipelineTemplate.fallbackName
        let file = pipelineFile(context: context)
        let packagePath = relativePath(".", from: file, context: context)
        let include = PipelineTemplate.sourceFolders(
            rootHasSources: Self.isFolder(root.appendingPathComponent("Sources")),
            foldersWithSources: ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
                !$0.hasPrefix(".") && Self.isFolder(root.appendingPathComponent($0).appendingPathComponent("Sources"))
            })
        try write(
            PipelineTemplate.swiftPM(name: name, packagePath: packagePath, include: include), to: file, context: context
        )
        return .passed
    }

    /// `--path`, else `Pipelines/smoke.json`: the pipeline every command reads when given none.
    func pipelineFile(context: HostContext) -> URL {
        context.url(for: path ?? OutputLayout.defaultPipeline)
    }

    /// The folder a pipeline file's paths and output are relative to: the one holding its `Pipelines/` folder.
    static func projectRoot(of file: URL) -> URL {
        let folder = file.deletingLastPathComponent()
        return folder.lastPathComponent == "Pipelines" ? folder.deletingLastPathComponent() : folder
    }

    /// A path as the pipeline reads it: relative to the project root when inside it (`pkgs/Version` in a monorepo, so
    /// a clone elsewhere still finds it), else absolute.
    func relativePath(_ path: String, from file: URL, context: HostContext) -> String {
        let root = Self.projectRoot(of: file).standardizedFileURL.path
        let target = context.url(for: path).standardizedFileURL.path
        if target == root { return "." }
        return target.hasPrefix(root + "/") ? String(target.dropFirst(root.count + 1)) : target
    }

    /// Writes the pipeline (never overwriting without --force), adds the output folder to .gitignore, says what next.
    func write(_ text: String, to file: URL, context: HostContext, next: [String] = ["run"]) throws {
        // Everything is checked before anything is written: a refusal leaves the folder as it was.
        // Beside the output folder the runs make: the project root's, which is not the current folder in a monorepo.
        let gitignore = Self.projectRoot(of: file).appendingPathComponent(".gitignore")
        if let blocker = FileInTheWay.of(file) {
            throw UsageError(
                "\(blocker.path) is a file, not a folder, so \(file.path) cannot be written; move it away or pass --path"
            )
        }
        for target in [file, gitignore] {
            if let problem = OwnFile.problem(at: target) { throw UsageError("\(target.path): \(problem)") }
        }
        if OwnFile.exists(file), !force {
            throw UsageError("\(file.path) already exists; pass --force to overwrite it")
        }
        let existing: String?
        do {
            existing = try OwnFile.read(gitignore)
        } catch {
            throw UsageError("\(error.localizedDescription); fix .gitignore, then run init again")
        }
        let updated = GitIgnoreEntry.adding(Self.outputEntry, to: existing)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try OwnFile.write(text, to: file)
        context.standardOutput.line("wrote \(file.path)")
        if let updated {
            try OwnFile.write(updated, to: gitignore)
            context.standardOutput.line("added \(Self.outputEntry) to \(gitignore.path)")
        }
        let shown = path ?? OutputLayout.defaultPipeline
        context.standardOutput.line(
            """
            link: messages name the report's path on this machine until you set notify.dashboardURL (the dashboard \
            your workflow publishes, e.g. https://<owner>.github.io/<repository>/) or notify.artifactsURL (where run \
            folders are published, "{runID}" filled in) in \(shown); under GitHub Actions they link to the run
            """)
        context.standardOutput.line("next: " + next.map { "smokerun \($0) \(shown)" }.joined(separator: ", then "))
    }

    /// The template's output folder, as a .gitignore line.
    static let outputEntry = ".smokerun/"

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
