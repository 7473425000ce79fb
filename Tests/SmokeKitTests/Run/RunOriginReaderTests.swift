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
}
