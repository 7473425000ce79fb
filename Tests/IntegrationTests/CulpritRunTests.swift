import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `smokerun culprit` for real: the binary over a git repository the test makes (`CulpritFixture`), building each
/// candidate in a worktree of its own. One fixture for the suite: its two runs are the slow part.
@Suite(.serialized, .timeLimit(.minutes(30))) struct CulpritRunTests {
    static let fixture = Task { try await CulpritFixture.make() }

    /// Runs the real binary in `folder`, bounded at nine minutes; `signal` may stop it (returns true once sent).
    static func culprit(
        _ arguments: [String], in folder: URL, environment extra: [String: String] = [:],
        signal: ((ChildProcess, String) -> Bool)? = nil
    ) throws -> (Termination, String) {
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path, arguments: ["culprit"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(extra) { $1 }, currentDirectory: folder)
        var output = Data()
        var signalled = false
        let deadline = Date().addingTimeInterval(540)
        let termination = child.run(
            onOutput: { output.append(contentsOf: $0) },
            onTick: {
                if !signalled, let signal { signalled = signal(child, String(decoding: output, as: UTF8.self)) }
                return Date() > deadline ? .kill : .keepRunning
            })
        return (termination, String(decoding: output, as: UTF8.self))
    }

    /// The worktrees under the run's `culprit/` folder, if any is left.
    static func worktrees(under run: URL) -> [String] {
        let root = RunDirectory(run).url.appendingPathComponent(RunDirectory.culpritFolderName)
        let searches = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return searches.filter {
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent($0).appendingPathComponent("worktree").path)
        }
    }

    @Test func namesTheSixthOfNineCommitsInAtMostFiveTestRunsAndLeavesTheCheckoutAsItWas() async throws {
        let fixture = try await Self.fixture.value
        // The user's checkout has a stash, a staged file and an untracked one: all must stay.
        try Data("public let notes = 99\n".utf8).write(
            to: fixture.checkout.appendingPathComponent("Ledger/Sources/Ledger/Notes.swift"))
        _ = try fixture.git(["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "stash", "-q"])
        try Data("staged\n".utf8).write(to: fixture.checkout.appendingPathComponent("staged.txt"))
        _ = try fixture.git(["add", "staged.txt"])
        try Data("untracked\n".utf8).write(to: fixture.checkout.appendingPathComponent("untracked.txt"))
        let before = try fixture.state()
        #expect(!before[4].isEmpty && before[0].contains("A  staged.txt"))

        let (termination, output) = try Self.culprit(
            [fixture.failingRun.path, CulpritFixture.test], in: fixture.checkout)
        #expect(termination == .exited(0), "\(output)")
        let short = String(fixture.breaking.prefix(7))
        #expect(output.contains("first failing commit: \(short) 'Round totals' (Ada) — found in"), "\(output)")
        let runs = output.firstMatch(of: /found in (\d+) test runs?/).flatMap { Int($0.1) }
        #expect((runs ?? 99) <= 5, "\(output)")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("culprit: [") }.count <= 5, "\(output)")
        #expect(try fixture.state() == before)
        #expect(Self.worktrees(under: fixture.failingRun).isEmpty)
    }

    @Test func theNewFailureMessageListsTheSuspectsFromTheCheckout() async throws {
        let fixture = try await Self.fixture.value
        let message = try #require(fixture.message)
        let range = "\(fixture.commits[0].prefix(7))..\(fixture.commits[9].prefix(7))"
        #expect(message.contains("*Suspects:* 9 commits \(range) since run "), "\(message)")
        #expect(message.contains("• \(fixture.breaking.prefix(7)) Round totals — Ada"), "\(message)")
        #expect(message.contains("• \(fixture.commits[9].prefix(7)) Note 9 — Ada"), "\(message)")
        #expect(!message.contains("Start the ledger"), "\(message)")
    }

    @Test func aShallowCloneWithoutTheRangeGetsTheClearAnswer() async throws {
        let fixture = try await Self.fixture.value
        let clone = fixture.checkout.deletingLastPathComponent().appendingPathComponent("shallow")
        try CulpritFixture.git(
            ["clone", "-q", "--depth", "1", "file://\(fixture.checkout.path)", clone.path],
            in: fixture.checkout.deletingLastPathComponent())
        let output = fixture.checkout.appendingPathComponent(".smokerun").path
        // With --follow-up the refusal reaches the chat too: a finder started for it must not go silent.
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200)])
        defer { receiver.stop() }
        let (termination, text) = try Self.culprit(
            [
                fixture.failingRun.path, CulpritFixture.test, "--pipeline", "Pipelines/ledger.json", "--output",
                output, "--follow-up",
            ], in: clone, environment: ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "shallow").absoluteString])
        #expect(termination == .exited(ExitCode.invalidInput.rawValue), "\(text)")
        let range = "\(fixture.commits[0].prefix(7))..\(fixture.commits[9].prefix(7))"
        let answer = "the range \(range) is not in this clone (\(fixture.commits[0].prefix(7)) missing"
        #expect(text.contains(answer), "\(text)")
        try #require(receiver.requests.count == 1, "\(text)")
        let body = String(decoding: receiver.requests[0].body, as: UTF8.self)
        #expect(body.contains("ledger run ") && body.contains(answer), "\(body)")
    }

    @Test func sigtermMidSearchEndsWithWhatIsKnownAndRemovesTheWorktree() async throws {
        let fixture = try await Self.fixture.value
        let before = try fixture.state()
        var signalledAt: Date?
        let (termination, output) = try Self.culprit(
            [fixture.failingRun.path, CulpritFixture.test], in: fixture.checkout,
            signal: { child, text in
                // After the first step, once the next candidate's worktree is there: its build or test is under way.
                guard text.contains("culprit: [1/"), !Self.worktrees(under: fixture.failingRun).isEmpty else {
                    return false
                }
                kill(child.pid, SIGTERM)
                signalledAt = Date()
                return true
            })
        #expect(signalledAt != nil, "no worktree was ever made: \(output)")
        #expect(termination == .exited(ExitCode.stoppedEarly.rawValue), "\(output)")
        // What is known: the last good commit passed again, so the culprit is one of the nine.
        let range = "the culprit is after \(fixture.commits[0].prefix(7)) up to \(fixture.commits[9].prefix(7))"
        #expect(output.contains("interrupted after 1 test run: \(range)"), "\(output)")
        // Far below a whole search on a loaded machine.
        #expect(Date().timeIntervalSince(signalledAt ?? .distantPast) < 120)
        #expect(Self.worktrees(under: fixture.failingRun).isEmpty)
        #expect(try fixture.state() == before)
    }
}
