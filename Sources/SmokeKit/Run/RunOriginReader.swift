import Foundation
import SmokeCore

/// Reads where a run comes from: the host name, `git`'s view of the project's checkout (commit, branch, whether
/// tracked files changed), completed by the CI's variables. Every part is optional: no git, a folder that is not a
/// checkout, or a git that refuses the folder (`safe.directory`) leaves the commit to the CI, or unknown.
package struct RunOriginReader: Sendable {
    var runner: any CommandRunning
    var environment: [String: String]
    var hostName: @Sendable () -> String? = { ProcessInfo.processInfo.hostName }

    package init(runner: any CommandRunning, environment: [String: String]) {
        self.runner = runner
        self.environment = environment
    }

    /// The origin of a run of the project in `projectFolder`; nil reads only the host and the CI's variables
    /// (`parse` and `merge`, whose inputs were made elsewhere).
    package func read(projectFolder: URL?) -> RunOrigin {
        var origin = projectFolder.map(git(in:)) ?? RunOrigin()
        origin = origin.completed(byCI: RunOrigin.fromCI(environment: environment))
        origin.host = hostName().flatMap { $0.isEmpty ? nil : $0 }
        return origin
    }

    private func git(in folder: URL) -> RunOrigin {
        // No optional locks: reading must never leave an index.lock behind in the user's checkout.
        var gitEnvironment = environment
        gitEnvironment["GIT_OPTIONAL_LOCKS"] = "0"
        gitEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        func output(_ arguments: [String]) -> String? {
            guard
                let result = try? runner.run(
                    "git", ["-C", folder.path] + arguments, environment: gitEnvironment, currentDirectory: folder),
                result.exitStatus == 0
            else { return nil }
            return String(decoding: result.standardOutput, as: UTF8.self)
        }
        guard let commit = output(["rev-parse", "--verify", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines),
            commit.count >= 40, commit.allSatisfy(\.isHexDigit)
        else { return RunOrigin() }
        let branch = output(["rev-parse", "--abbrev-ref", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines)
        let status = output(["status", "--porcelain", "--untracked-files=no"])
        return RunOrigin(
            commit: commit, branch: branch.flatMap { $0.isEmpty ? nil : $0 }, dirty: status.map { !$0.isEmpty },
            commitSource: "git")
    }
}
