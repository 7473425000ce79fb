import Foundation
import SmokeCore

/// What the culprit search asks of git. The user's working tree, index, HEAD and stash are never touched: only
/// `git worktree` writes, into a folder smokerun owns, and removes it after.
package protocol GitRepository: Sendable {
    func topLevel() throws -> URL
    func hasCommit(_ commit: String) -> Bool
    /// Whether `ancestor` is on `commit`'s history (false after a force-push that dropped it).
    func isAncestor(_ ancestor: String, of commit: String) -> Bool
    /// The first-parent commits after `good` up to `bad`, oldest first.
    func firstParentCommits(after good: String, upTo bad: String, limit: Int?) throws -> [CulpritCommit]
    func addWorktree(at folder: URL, commit: String) throws
    func removeWorktree(at folder: URL) throws
    /// Every worktree of the repository, the main one first.
    func worktrees() throws -> [URL]
}

/// The real git, run as a child process in the project's checkout.
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
        // NUL after each field: git keeps NUL out of subjects and names, which may hold any other character.
        var arguments = ["log", "--first-parent", "--format=%H%x00%an%x00%s%x00"]
        if let limit { arguments.append("--max-count=\(limit)") }
        arguments.append("\(good)..\(bad)")
        let fields = try git(arguments).split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        let commits = stride(from: 0, to: fields.count - 2, by: 3).compactMap { start -> CulpritCommit? in
            let hash = fields[start].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !hash.isEmpty else { return nil }
            return CulpritCommit(hash: hash, subject: fields[start + 2], author: fields[start + 1])
        }
        return commits.reversed()
    }

    package func addWorktree(at folder: URL, commit: String) throws {
        try git(["worktree", "add", "--detach", "--quiet", folder.path, commit])
    }

    package func removeWorktree(at folder: URL) throws {
        try git(["worktree", "remove", "--force", folder.path])
    }

    package func worktrees() throws -> [URL] {
        try git(["worktree", "list", "--porcelain"]).split(separator: "\n").compactMap { line in
            line.hasPrefix("worktree ") ? URL(fileURLWithPath: String(line.dropFirst(9)), isDirectory: true) : nil
        }
    }
}
