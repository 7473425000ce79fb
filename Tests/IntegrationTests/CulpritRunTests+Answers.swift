import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The answers other than a culprit, over the same fixture: a failure the range did not bring, and a range with a
/// commit that does not build.
extension CulpritRunTests {
    @Test func aFailureAtTheLastPassingCommitTooIsNotFromTheRange() async throws {
        let fixture = try await Self.fixture.value
        let before = try fixture.state()
        // The environment changed since the passing run: the test fails at every commit, the last good one too.
        let (termination, output) = try Self.culprit(
            [fixture.failingRun.path, CulpritFixture.test], in: fixture.checkout, environment: ["LEDGER_OFFSET": "1"])
        #expect(termination == .exited(0), "\(output)")
        let good = String(fixture.commits[0].prefix(7))
        #expect(
            output.contains(
                "fails at the last passing commit \(good) too — the failure is not from this range (environment or flake)"
            ), "\(output)")
        #expect(output.contains("(evidence: \(good) failed)"), "\(output)")
        // One test run, at the last good commit: nothing of the range was built.
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("culprit: [") }.count == 1, "\(output)")
        #expect(Self.worktrees(under: fixture.failingRun).isEmpty)
        #expect(try fixture.state() == before)
    }

    @Test func aCommitThatDoesNotBuildIsSkippedAndNamedAsTheEarliestCulprit() async throws {
        let fixture = try await Self.fixture.value
        // A clone with a side history from the last good commit: a note (passes), a commit that does not build,
        // then the fix together with the break.
        let clone = fixture.checkout.deletingLastPathComponent().appendingPathComponent("unbuildable")
        try CulpritFixture.git(
            ["clone", "-q", "file://\(fixture.checkout.path)", clone.path],
            in: fixture.checkout.deletingLastPathComponent())
        try CulpritFixture.git(["checkout", "-q", "-b", "side", fixture.commits[0]], in: clone)
        let notes = clone.appendingPathComponent("Ledger/Sources/Ledger/Notes.swift")
        let ledger = clone.appendingPathComponent("Ledger/Sources/Ledger/Ledger.swift")
        func commit(_ subject: String) throws -> String {
            try CulpritFixture.git(
                ["-c", "user.name=Bo", "-c", "user.email=bo@example.com", "commit", "-qam", subject], in: clone)
            return try CulpritFixture.git(["rev-parse", "HEAD"], in: clone)
        }
        try Data("public let notes = 10\n".utf8).write(to: notes)
        let note = try commit("Note 10")
        try Data("public let notes = \n".utf8).write(to: notes)
        let broken = try commit("Half a note")
        try Data("public let notes = 11\n".utf8).write(to: notes)
        try Data("public func total(_ items: [Int]) -> Int { items.reduce(1, +) }\n".utf8).write(to: ledger)
        let failing = try commit("Finish the note, round totals")

        let git = GitCheckout(
            folder: clone.appendingPathComponent("Ledger"), environment: CulpritFixture.gitEnvironment)
        let commits = try git.firstParentCommits(after: fixture.commits[0], upTo: failing, limit: nil)
        #expect(commits.map(\.hash) == [note, broken, failing])
        let work = clone.deletingLastPathComponent().appendingPathComponent("unbuildable-search")
        let runner = CulpritRunner(
            pipeline: try PipelineLoader().load(fixture.pipeline), tests: [CulpritFixture.test], git: git,
            projectFolder: clone.appendingPathComponent("Ledger"), workDirectory: work, currentDirectory: clone,
            environment: ProcessInfo.processInfo.environment, commandRunner: ProcessCommandRunner(),
            cancellation: CancellationFlag(), deadline: Date().addingTimeInterval(540), progress: { _ in })
        let verdict = try runner.run(
            good: CulpritCommit(hash: fixture.commits[0]), commits: commits, failingRun: "the failing run", repeats: 1)
        guard case .unbuildable(let first, let upTo, let steps) = verdict else {
            Issue.record("expected a commit that does not build, got \(verdict.sentence)")
            return
        }
        #expect(first.hash == broken && upTo.hash == failing)
        #expect(steps.map(\.result) == [.passed, .passed, .doesNotBuild, .failed])
        let (short, end) = (String(broken.prefix(7)), String(failing.prefix(7)))
        #expect(
            verdict.sentence.hasPrefix("commit \(short) does not build — culprit is \(short) or later (up to \(end))"),
            "\(verdict.sentence)")
        let worktrees = try CulpritFixture.git(["worktree", "list", "--porcelain"], in: clone)
        #expect(worktrees.components(separatedBy: "worktree ").count == 2, "\(worktrees)")
    }
}
