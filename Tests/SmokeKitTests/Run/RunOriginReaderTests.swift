import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The commit a run names, read from a real git checkout.
@Suite struct RunOriginReaderTests {
    private let runner = ProcessCommandRunner()
    private let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]

    private func git(_ arguments: [String], in folder: URL) throws {
        let identity = ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
        let result = try runner.run("git", identity + arguments, environment: environment, currentDirectory: folder)
        try #require(result.exitStatus == 0, "git \(arguments) failed")
    }

    private func checkout() throws -> URL {
        let folder = TestScratch.root.appendingPathComponent("origin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "trunk"], in: folder)
        try Data("one\n".utf8).write(to: folder.appendingPathComponent("a.txt"))
        try git(["add", "a.txt"], in: folder)
        try git(["commit", "-q", "-m", "one"], in: folder)
        return folder
    }

    @Test func aCheckoutNamesItsCommitBranchAndWhetherItChanged() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        var reader = RunOriginReader(runner: runner, environment: environment)
        reader.hostName = { "builder-7" }
        let clean = reader.read(projectFolder: folder)
        #expect(clean.commit?.count == 40)
        #expect(clean.branch == "trunk")
        #expect(clean.dirty == false)
        #expect(clean.commitSource == "git")
        #expect(clean.host == "builder-7")

        // A source file git neither tracks nor ignores is built and tested: the run is not its commit's. One in a
        // build or smokerun folder is not the package's.
        for junk in [".build/checkouts/Dep/Dep.swift", ".smokerun/runs/x/Copy.swift", "notes.txt"] {
            let file = folder.appendingPathComponent(junk)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// x\n".utf8).write(to: file)
        }
        #expect(reader.read(projectFolder: folder).dirty == false)
        let newTest = folder.appendingPathComponent("Tests/NewTests.swift")
        try FileManager.default.createDirectory(
            at: newTest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("import XCTest\n".utf8).write(to: newTest)
        #expect(reader.read(projectFolder: folder).dirty == true)
        try FileManager.default.removeItem(at: newTest)

        try Data("two\n".utf8).write(to: folder.appendingPathComponent("a.txt"))
        #expect(reader.read(projectFolder: folder).dirty == true)
        // Reading leaves no lock file behind in the user's checkout.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git/index.lock").path))
    }

    @Test func aDetachedHeadHasNoBranchAndACheckoutWithoutCommitsHasNoOrigin() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        try git(["checkout", "-q", "--detach"], in: folder)
        let reader = RunOriginReader(runner: runner, environment: environment)
        let detached = reader.read(projectFolder: folder)
        // git names it HEAD, which the CI's branch replaces; with no CI, no branch.
        #expect(detached.branch == nil)
        #expect(detached.commit?.count == 40)
        #expect(
            RunOriginReader.origin(
                statusV2: "# branch.oid \(String(repeating: "a", count: 40))\n# branch.head (detached)\n"
            ).branch == "HEAD")

        let empty = TestScratch.root.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try git(["init", "-q", "-b", "trunk"], in: empty)
        let none = reader.read(projectFolder: empty)
        #expect(none.commit == nil && none.branch == nil && none.dirty == nil)
    }

    @Test func aFolderThatIsNoCheckoutFallsBackToTheCIsVariables() throws {
        let folder = TestScratch.root.appendingPathComponent("plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ciEnvironment = environment
        ciEnvironment["GIT_CEILING_DIRECTORIES"] = folder.deletingLastPathComponent().path
        ciEnvironment["CIRCLE_SHA1"] = "c1rc1e"
        ciEnvironment["CIRCLE_BRANCH"] = "release"
        let origin = RunOriginReader(runner: runner, environment: ciEnvironment).read(projectFolder: folder)
        #expect(origin.commit == "c1rc1e")
        #expect(origin.branch == "release")
        #expect(origin.dirty == nil)
        #expect(origin.commitSource == "CIRCLE_SHA1")
    }

    @Test func noGitOnPathLeavesTheCommitUnknown() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let origin = RunOriginReader(runner: runner, environment: ["PATH": "/nonexistent"]).read(projectFolder: folder)
        #expect(origin.commit == nil)
        #expect(origin.dirty == nil)
    }

    /// A checkout owned by another user (a CI's docker volume, a shared build account): git refuses it, and the run
    /// says so with the fix instead of naming no commit in silence. Needs root to give the folder away.
    @Test(.enabled(if: getuid() == 0)) func aCheckoutGitRefusesAsAnotherUsersIsSaidWithTheFix() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chown(folder.path, 65534, 65534) == 0)
        var isolated = environment
        isolated["HOME"] = folder.path // no user's safe.directory list applies
        isolated["GIT_CONFIG_NOSYSTEM"] = "1"
        let (origin, refused) = RunOriginReader(runner: runner, environment: isolated)
            .readSayingWhy(projectFolder: folder)
        #expect(origin.commit == nil)
        let message = try #require(refused)
        #expect(message.hasPrefix("git refused to read the checkout \(folder.path): it belongs to another user"))
        #expect(message.hasSuffix("run: git config --global --add safe.directory \(folder.path)"))

        // A folder that is no checkout is nothing to fix.
        let plain = TestScratch.root.appendingPathComponent("plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: plain) }
        isolated["GIT_CEILING_DIRECTORIES"] = plain.deletingLastPathComponent().path
        let reader = RunOriginReader(runner: runner, environment: isolated)
        #expect(reader.readSayingWhy(projectFolder: plain).gitRefused == nil)
    }
}
