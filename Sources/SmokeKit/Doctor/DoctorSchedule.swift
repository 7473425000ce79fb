import Foundation
import SmokeCore

/// Read-only, best-effort look for an installed schedule of a pipeline.
enum DoctorSchedule {
    static let find: @Sendable (String, String, DoctorProbes.Place) -> [String] = { name, file, place in
        var found: [String] = []
        let crontab = try? ProcessCommandRunner().run(
            "crontab", ["-l"], environment: place.environment, currentDirectory: nil)
        if let crontab, crontab.exitStatus == 0, CrontabEntry.runs(crontab.outputText, pipelineFile: file) {
            found.append("a crontab line (crontab -l)")
        }
        let home = URL(fileURLWithPath: place.environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        let job = InstallPlan.jobName(pipelineName: name)
        let candidates = [
            ".config/systemd/user/\(job).timer",
            "Library/LaunchAgents/\(InstallPlan.launchdLabel(pipelineName: name)).plist",
        ]
        for path in candidates where FileManager.default.fileExists(atPath: home.appendingPathComponent(path).path) {
            found.append("~/\(path)")
        }
        return found
    }
}
