import Foundation
import SmokeCore

/// Everything `smokerun install` prints from: absolute paths and the pipeline's schedule.
package struct InstallPlan: Sendable {
    var pipelineName: String
    var cron: CronExpression
    var timeZone: String
    var executable: String
    var pipelineFile: String
    var workingDirectory: String
    var outputDirectory: String
    var environment: [(name: String, value: String)]
    /// The secrets the notifications need and where this shell finds them (names only).
    var variables: [RequiredVariable]

    package init(
        pipelineName: String, cron: CronExpression, timeZone: String, executable: String,
        pipelineFile: String, workingDirectory: String, outputDirectory: String,
        environment: [(name: String, value: String)] = [], variables: [RequiredVariable] = []
    ) {
        self.pipelineName = pipelineName
        self.cron = cron
        self.timeZone = timeZone
        self.executable = executable
        self.pipelineFile = pipelineFile
        self.workingDirectory = workingDirectory
        self.outputDirectory = outputDirectory
        self.environment = environment
        self.variables = variables
    }

    var environmentFile: String {
        OutputLayout(root: URL(fileURLWithPath: outputDirectory)).environmentFile.path
    }

    /// The job's `PATH` (the found `swift`'s folder and its link target's, where llvm-cov lives; then the shell's
    /// absolute folders; then `/usr/bin:/bin`) and `SMOKERUN_SWIFT`. cron gives jobs `PATH=/usr/bin:/bin`, systemd and
    /// launchd little more: without these a run exits 3.
    package static func jobEnvironment(swift: URL?, currentPath: String?) -> [(name: String, value: String)] {
        var folders: [String] = []
        func add(_ folder: String) {
            if folder.hasPrefix("/"), !folders.contains(folder) { folders.append(folder) }
        }
        if let swift {
            add(swift.deletingLastPathComponent().path)
            add(ExecutableLocator.resolved(swift).deletingLastPathComponent().path)
        }
        for folder in (currentPath ?? "").split(separator: ":") { add(String(folder)) }
        add("/usr/bin")
        add("/bin")
        var environment = [(name: "PATH", value: folders.joined(separator: ":"))]
        if let swift { environment.append((name: "SMOKERUN_SWIFT", value: swift.path)) }
        return environment
    }

    /// `smokerun-smoke`: the unit and job name, safe in file names.
    var jobName: String { Self.jobName(pipelineName: pipelineName) }

    static func jobName(pipelineName: String) -> String {
        "smokerun-" + String(pipelineName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    /// `com.smokerun.smoke`: the launchd agent's label and plist name.
    static func launchdLabel(pipelineName: String) -> String {
        "com.smokerun." + jobName(pipelineName: pipelineName).dropFirst("smokerun-".count)
    }
}
