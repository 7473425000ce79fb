import Foundation
import SmokeCore

/// What the culprit search asks of git: the range's commits, and a detached worktree per candidate. The
/// user's working tree, index, HEAD and stash are never touched: only `git worktree` writes, into a folder
/// smokerun owns, and removes it after.
package protocol GitRepository: Sendable {
    /// The checkout's top folder (`git rev-parse --show-toplevel`).
    func topLevel() throws -> URL
    /// Whether the clone holds `commit`.
    func hasCommit(_ commit: String) -> Bool
    /// Whether `ancestor` is on `commit`'s history (false after a force-push that dropped it).
    func isAncestor(_ ancestor: String, of commit: String) -> Bool
    /// The first-parent commits after `good` up to `bad`, oldest first, with subject and author.
    func firstParentCommits(after good: String, upTo bad: String, limit: Int?) throws -> [CulpritCommit]
    /// A detached worktree of `commit` at `folder`, which must not exist.
    func addWorktree(at folder: URL, commit: String) throws
    /// Removes the worktree at `folder` and git's record of it.
    func removeWorktree(at folder: URL) throws
}

/// The real git, run as a child process through `CommandRunning` in the project's checkout.
package struct GitCheckout: GitRepository {
    var folder: URL
    var runner: any CommandRunning
    var environment: [String: String]

    package init(
        folder: URL, runner: any CommandRunning = ProcessCommandRunner(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.folder = folder
        self.runner = runner
        var environment = environment
        // No prompts, and no optional locks: reading must never leave an index.lock in the user's checkout.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        self.environment = environment
    }

    @discardableResult
    private func git(_ arguments: [String]) throws -> String {
        let all = ["-C", folder.path] + arguments
        let result = try runner.run("git", all, environment: environment, currentDirectory: folder)
        guard result.exitStatus == 0 else { throw CommandError(executable: "git", arguments: all, result: result) }
        return result.outputText
    }

    package func topLevel() throws -> URL {
        let path = try git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    package func hasCommit(_ commit: String) -> Bool {
        (try? git(["cat-file", "-e", "\(commit)^{commit}"])) != nil
    }

    package func isAncestor(_ ancestor: String, of commit: String) -> Bool {
        (try? git(["merge-base", "--is-ancestor", ancestor, commit])) != nil
    }

    package func firstParentCommits(after good: String, upTo bad: String, limit: Int?) throws -> [CulpritCommit] {
        // Unit and record separators: a subject or a name may hold any printable character.
        var arguments = ["log", "--first-parent", "--format=%H%x1f%s%x1f%an%x1e"]
        if let limit { arguments.append("--max-count=\(limit)") }
        arguments.append("\(good)..\(bad)")
        let text = try git(arguments)
        let commits = text.split(separator: "\u{1e}").compactMap { record -> CulpritCommit? in
            let fields = record.trimmingCharacters(in: .whitespacesAndNewlines).split(
                separator: "\u{1f}", omittingEmptySubsequences: false)
            guard let hash = fields.first, !hash.isEmpty else { return nil }
            return CulpritCommit(
                hash: String(hash), subject: fields.count > 1 ? String(fields[1]) : "",
                author: fields.count > 2 ? String(fields[2]) : "")
        }
        return commits.reversed()
    }

    package func addWorktree(at folder: URL, commit: String) throws {
        try git(["worktree", "add", "--detach", "--quiet", folder.path, commit])
    }

    package func removeWorktree(at folder: URL) throws {
        try git(["worktree", "remove", "--force", folder.path])
    }
}
