import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `notify.findCulprit` end to end: a run with a new failure starts the real binary's finder apart from itself, which
/// sends a follow-up naming the culprit to a receiver on 127.0.0.1 and records it in the run's report.json.
extension CulpritRunTests {
    @Test func aNewFailureStartsTheFinderWhoseFollowUpNamesTheCulprit() async throws {
        let fixture = try await Self.fixture.value
        // A clone with a history of its own: the fixture's runs are not in it.
        let clone = fixture.checkout.deletingLastPathComponent().appendingPathComponent("follow-up")
        try CulpritFixture.git(
            ["clone", "-q", "file://\(fixture.checkout.path)", clone.path],
            in: fixture.checkout.deletingLastPathComponent())
        let pipeline = clone.appendingPathComponent("Pipelines/ledger.json")
        try CulpritFixture.git(["checkout", "-q", "--detach", fixture.commits[0]], in: clone)
        let (passed, _, passErr) = try await IntegrationSupport.run(pipeline)
        #expect(passed.report.status == .passed, "\(passErr.text)")
        // The failing commit turns the finder on (committed: a run with uncommitted changes names no range).
        try CulpritFixture.git(["checkout", "-q", "main"], in: clone)
        try Data(
            """
            {"name": "ledger", "swiftpm": {"packagePath": "Ledger"}, "coverage": {"enabled": false},
             "ordering": {"mode": "declared", "isolation": "suite"}, "notify": {"findCulprit": true}}
            """.utf8
        ).write(to: pipeline)
        try CulpritFixture.git(
            ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-qam", "Find culprits"], in: clone)

        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200)])
        defer { receiver.stop() }
        var options = SmokeRun.Options()
        options.seed = nil
        options.finderExecutable = IntegrationSupport.smokerunBinary
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err,
            environment: ProcessInfo.processInfo.environment.merging(
                ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "f1").absoluteString], uniquingKeysWith: { $1 }),
            currentDirectory: clone)
        let started = Date()
        let failed = await SmokeRun(
            pipeline: try PipelineLoader().load(pipeline), options: options, context: context,
            cancellation: CancellationFlag()
        ).execute()
        #expect(failed.report.status == .failed, "\(err.text)")
        #expect(err.text.contains("smokerun: looking for the culprit of \(CulpritFixture.test)"), "\(err.text)")

        // The run ended before the finder did: its message first, the follow-up later (bounded wait).
        let deadline = Date().addingTimeInterval(420)
        while receiver.requests.count < 2, Date() < deadline { try await Task.sleep(for: .milliseconds(250)) }
        let log = failed.runDirectory.appendingPathComponent("culprit/finder.log")
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no log)"
        try #require(receiver.requests.count == 2, "\(logText)")
        let bodies = receiver.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies[0].contains("Suspects"), "\(bodies[0])")
        let short = String(fixture.breaking.prefix(7))
        let slack = try JSONSerialization.jsonObject(with: receiver.requests[1].body) as? [String: Any]
        let followUp = try #require(slack?["text"] as? String, "\(bodies[1])")
        #expect(followUp.contains("ledger run \(failed.report.runID): \(CulpritFixture.test)"), "\(followUp)")
        #expect(
            followUp.contains("first failing commit: \(short) 'Round totals' (Ada) — found in "),
            "\(followUp)\n\(logText)")
        #expect(followUp.firstMatch(of: /found in [1-5] runs?, \d+ (s|min)/) != nil, "\(followUp)")
        #expect(Date().timeIntervalSince(started) < 600)

        // Recorded in report.json once sent, with the follow-up's delivery; nothing left behind.
        var report = try RunReportFile.load(at: failed.runDirectory)
        while report.culprit == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(250))
            report = try RunReportFile.load(at: failed.runDirectory)
        }
        let finding = try #require(report.culprit, "\(logText)")
        #expect(finding.commit == fixture.breaking && finding.subject == "Round totals" && finding.author == "Ada")
        #expect(finding.notification?.outcome == .delivered)
        #expect(finding.testRuns <= 5)
        #expect(report.notifications.count == 1)
        let summary = try String(contentsOf: RunDirectory(failed.runDirectory).file("summary.md"), encoding: .utf8)
        #expect(summary.contains("### Culprit"), "\(summary)")
        // The suspects the first message named stay in the reports beside the answer.
        #expect(summary.contains("### Suspects"), "\(summary)")
        #expect(report.suspects?.commits.contains { $0.subject == "Round totals" } == true)
        #expect(summary.contains("first failing commit: \(short) 'Round totals' (Ada)"), "\(summary)")
        let worktrees = try CulpritFixture.git(["worktree", "list", "--porcelain"], in: clone)
        #expect(worktrees.components(separatedBy: "worktree ").count == 2, "\(worktrees)")
        let lockFile = OutputLayout(root: failed.runDirectory.deletingLastPathComponent().deletingLastPathComponent())
            .culpritLock(pipeline: try PipelineLoader().load(pipeline).key)
        let lock = try RunLock.acquire(at: lockFile)
        lock.release()
    }

    @Test func aSecondSearchOfOnePipelineIsRefusedWhileOneRuns() async throws {
        let fixture = try await Self.fixture.value
        let output = RunDirectory(fixture.failingRun).outputDirectory
        let key = try PipelineLoader().load(fixture.pipeline).key
        let lock = try RunLock.acquire(at: OutputLayout(root: output).culpritLock(pipeline: key))
        defer { lock.release() }
        let (termination, text) = try Self.culprit(
            [fixture.failingRun.path, CulpritFixture.test], in: fixture.checkout)
        #expect(termination == .exited(ExitCode.infrastructure.rawValue), "\(text)")
        #expect(text.contains("a culprit search of ledger is already running (process \(getpid()) holds"), "\(text)")
        #expect(text.contains("one search per pipeline at a time; not started"), "\(text)")
        #expect(Self.worktrees(under: fixture.failingRun).isEmpty)
    }
}
