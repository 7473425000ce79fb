import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The real git over a repository made here: first-parent commits with any subject, worktrees in and out.
@Suite(.timeLimit(.minutes(10))) struct GitCheckoutTests {
    /// git without the machine's global or system configuration.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return environment
    }()

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let identity = ["-c", "user.name=Bo Ek", "-c", "user.email=bo@example.com"]
        let result = try ProcessCommandRunner().run(
            "git", ["-C", folder.path] + identity + arguments, environment: environment, currentDirectory: folder)
        guard result.exitStatus == 0 else {
            throw CommandError(executable: "git", arguments: arguments, result: result)
        }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// main: base, a merge of a side branch (two commits), then a commit whose subject holds separators.
    static func repository() throws -> (URL, [String]) {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-git-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try git(["init", "-q", "-b", "main"], in: folder)
        func commit(_ subject: String) throws -> String {
            try Data(subject.utf8).write(to: folder.appendingPathComponent("file-\(UUID().uuidString.prefix(6))"))
            _ = try git(["add", "-A"], in: folder)
            _ = try git(["commit", "-qm", subject], in: folder)
            return try git(["rev-parse", "HEAD"], in: folder)
        }
        let base = try commit("Base")
        _ = try git(["checkout", "-q", "-b", "side"], in: folder)
        _ = try commit("Side one")
        _ = try commit("Side two")
        _ = try git(["checkout", "-q", "main"], in: folder)
        let main = try commit("Main one")
        _ = try git(["merge", "-q", "--no-ff", "-m", "Merge side", "side"], in: folder)
        let merge = try git(["rev-parse", "HEAD"], in: folder)
        let last = try commit("Odd | subject\u{1f} with % and \"quotes\"")
        return (folder, [base, main, merge, last])
    }

    @Test func theRangeIsItsFirstParentCommitsOldestFirstWithSubjectAndAuthor() throws {
        let (folder, commits) = try Self.repository()
        let git = GitCheckout(folder: folder, environment: Self.environment)
        let range = try git.firstParentCommits(after: commits[0], upTo: commits[3], limit: nil)
        #expect(range.map(\.hash) == Array(commits[1...3]))
        #expect(range.map(\.subject) == ["Main one", "Merge side", "Odd | subject\u{1f} with % and \"quotes\""])
        #expect(range.allSatisfy { $0.author == "Bo Ek" })
        #expect(git.hasCommit(commits[0]) && !git.hasCommit(String(repeating: "0", count: 40)))
        #expect(git.isAncestor(commits[0], of: commits[3]) && !git.isAncestor(commits[3], of: commits[0]))
    }

    @Test func aWorktreeComesAndGoesWithoutTouchingTheCheckout() throws {
        let (folder, commits) = try Self.repository()
        let git = GitCheckout(folder: folder, environment: Self.environment)
        let before = try ["status --porcelain", "rev-parse HEAD", "worktree list"].map {
            try Self.git($0.split(separator: " ").map(String.init), in: folder)
        }
        let tree = folder.appendingPathComponent("scratch/worktree")
        try git.addWorktree(at: tree, commit: commits[0])
        #expect(try Self.git(["rev-parse", "HEAD"], in: tree) == commits[0])
        try git.removeWorktree(at: tree)
        #expect(!FileManager.default.fileExists(atPath: tree.path))
        let after = try ["status --porcelain", "rev-parse HEAD", "worktree list"].map {
            try Self.git($0.split(separator: " ").map(String.init), in: folder)
        }
        #expect(after == before)
    }

    /// A search killed before removing its worktree leaves it registered in the user's repository: the next search
    /// removes it when the process its `owner.pid` names is gone, and never one that is running or not smokerun's.
    @Test func aKilledSearchsWorktreeIsRemovedByTheNext() throws {
        let (folder, commits) = try Self.repository()
        let git = GitCheckout(folder: folder, environment: Self.environment)
        let culprit = folder.appendingPathComponent(".smokerun/runs/r1/culprit", isDirectory: true)
        func worktree(_ time: String, owner: Int32?) throws -> URL {
            let work = culprit.appendingPathComponent(time, isDirectory: true)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            if let owner { try Data("\(owner)\n".utf8).write(to: work.appendingPathComponent("owner.pid")) }
            let tree = work.appendingPathComponent("worktree", isDirectory: true)
            try git.addWorktree(at: tree, commit: commits[1])
            return tree
        }
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/sh")
        exited.arguments = ["-c", "exit 0"]
        try exited.run()
        exited.waitUntilExit()
        let killed = try worktree("t1", owner: exited.processIdentifier)
        let running = try worktree("t2", owner: getpid())
        let unmarked = try worktree("t3", owner: nil)
        CulpritWorktrees.removeLeftovers(in: git)
        // The main worktree and the two that stay.
        #expect(try git.worktrees().count == 3)
        let paths = try git.worktrees().map { $0.resolvingSymlinksInPath().path }
        #expect(!paths.contains(killed.resolvingSymlinksInPath().path))
        #expect(paths.contains(running.resolvingSymlinksInPath().path))
        #expect(paths.contains(unmarked.resolvingSymlinksInPath().path))
    }
}
