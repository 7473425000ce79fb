import Foundation
import SmokeCore

/// Where a run comes from: host name, `git`'s view of the checkout (commit, branch, changed tracked files, untracked sources), and
/// the CI's variables. Each part optional: no git, no checkout or `safe.directory` leaves the commit to the CI.
package struct RunOriginReader: Sendable {
    var runner: any CommandRunning
    var environment: [String: String]
    var hostName: @Sendable () -> String? = { ProcessInfo.processInfo.hostName }

    package init(runner: any CommandRunning, environment: [String: String]) {
        self.runner = runner
        self.environment = environment
    }

    /// The origin of a run in `projectFolder`; nil reads only the host and CI variables (`parse`, `merge`).
    package func read(projectFolder: URL?) -> RunOrigin { readSayingWhy(projectFolder: projectFolder).origin }

    /// `read`, and why git would not read a checkout that is there: owned by another user, which git refuses until
    /// it is named a `safe.directory` (the run's commit is then unknown, and the user must hear it).
    package func readSayingWhy(projectFolder: URL?) -> (origin: RunOrigin, gitRefused: String?) {
        var (origin, refused) = projectFolder.map(git(in:)) ?? (RunOrigin(), nil)
        origin = origin.completed(byCI: RunOrigin.fromCI(environment: environment))
        origin.host = hostName().flatMap { $0.isEmpty ? nil : $0 }
        return (origin, refused)
    }

    private func git(in folder: URL) -> (RunOrigin, String?) {
        // No optional locks: reading must never leave an index.lock behind in the user's checkout.
        var gitEnvironment = environment
        gitEnvironment["GIT_OPTIONAL_LOCKS"] = "0"
        gitEnvironment["GIT_TERMINAL_PROMPT"] = "0"
        // One process: `status --porcelain=v2 --branch` headers give commit and branch; other lines are changed files.
        guard
            let result = try? runner.run(
                "git", ["-C", folder.path, "status", "--porcelain=v2", "--branch", "--untracked-files=no"],
                environment: gitEnvironment, currentDirectory: folder)
        else { return (RunOrigin(), nil) }
        guard result.exitStatus == 0 else {
            return (RunOrigin(), Self.refusal(String(decoding: result.standardError, as: UTF8.self), folder: folder))
        }
        var origin = Self.origin(statusV2: String(decoding: result.standardOutput, as: UTF8.self))
        if origin.dirty == false, hasUntrackedSources(in: folder, gitEnvironment) { origin.dirty = true }
        return (origin, nil)
    }

    /// What to tell the user when git refused a checkout owned by another user (its "dubious ownership"); nil for
    /// any other failure (no checkout, no git: nothing to fix).
    static func refusal(_ standardError: String, folder: URL) -> String? {
        guard standardError.contains("dubious ownership") else { return nil }
        // git names the repository's top folder: "… dubious ownership in repository at '/src/App'".
        var repository = folder.path
        if let at = standardError.range(of: "repository at '"),
            let end = standardError[at.upperBound...].firstIndex(of: "'")
        {
            repository = String(standardError[at.upperBound..<end])
        }
        return """
            git refused to read the checkout \(repository): it belongs to another user, so this run's commit and \
            uncommitted changes are unknown (the history cannot name the commit a failure began at); as the user \
            smokerun runs as, run: git config --global --add safe.directory \(repository)
            """
    }

    /// Whether the package holds a source file git does not track nor ignore: it is built and tested (a new test
    /// file), so the run is not its commit's. Build and smokerun folders do not count, ignored or not.
    private func hasUntrackedSources(in folder: URL, _ gitEnvironment: [String: String]) -> Bool {
        let sources = ["*.swift", "*.c", "*.cpp", "*.m", "*.h"]
        let skipped = [".build*", ".smokerun", ".swiftpm"].map { ":(exclude,glob)**/\($0)/**" }
        let result = try? runner.run(
            "git", ["-C", folder.path, "ls-files", "--others", "--exclude-standard", "--"] + sources + skipped,
            environment: gitEnvironment, currentDirectory: folder)
        return result?.exitStatus == 0 && !(result?.standardOutput.isEmpty ?? true)
    }

    /// The origin in `git status --porcelain=v2 --branch` output: `# branch.oid` (or `(initial)`), `# branch.head`
    /// (`(detached)` named `HEAD`, as `rev-parse --abbrev-ref` does), and whether an entry line follows.
    static func origin(statusV2 text: String) -> RunOrigin {
        var commit: String?
        var branch: String?
        var dirty = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# branch.oid ") {
                commit = String(line.dropFirst("# branch.oid ".count))
            } else if line.hasPrefix("# branch.head ") {
                let head = String(line.dropFirst("# branch.head ".count))
                branch = head == "(detached)" ? "HEAD" : head
            } else if !line.hasPrefix("#") {
                dirty = true
            }
        }
        guard let commit, commit.count >= 40, commit.allSatisfy(\.isHexDigit) else { return RunOrigin() }
        return RunOrigin(
            commit: commit, branch: branch.flatMap { $0.isEmpty ? nil : $0 }, dirty: dirty,
            commitSource: "git")
    }
}
