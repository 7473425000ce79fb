import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The worktrees of culprit searches that were killed (SIGKILL, a power cut) before removing theirs: each search
/// writes its process id beside its worktree (`RUN/culprit/<time>/owner.pid`), and the next search removes the
/// worktrees of searches no longer running, so the user's `git worktree list` keeps none of smokerun's. A worktree
/// without that file is someone else's and never touched.
enum CulpritWorktrees {
    static let ownerFile = "owner.pid"

    /// Marks `workDirectory` as this process's search.
    static func claim(_ workDirectory: URL) throws {
        try Data("\(getpid())\n".utf8).write(to: workDirectory.appendingPathComponent(ownerFile), options: .atomic)
    }

    /// Removes the worktrees of smokerun's culprit searches whose process has ended; errors leave them as they are.
    static func removeLeftovers(in git: any GitRepository) {
        for worktree in (try? git.worktrees()) ?? [] where isLeftover(worktree) {
            try? git.removeWorktree(at: worktree)
        }
    }

    /// `…/culprit/<time>/worktree` whose `owner.pid` names a process that no longer exists.
    static func isLeftover(_ worktree: URL) -> Bool {
        let work = worktree.deletingLastPathComponent()
        guard worktree.lastPathComponent == "worktree", work.deletingLastPathComponent().lastPathComponent == "culprit",
            let text = try? String(contentsOf: work.appendingPathComponent(ownerFile), encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
