import Foundation
import SmokeCoreTestSupport
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// What a message names, end to end: the origin read from a real git checkout by the real `git`, rendered, posted to
/// a real receiver on 127.0.0.1 and read back as the receiver got it.
@Suite struct NotifyMessageOriginTests {
    private let runner = ProcessCommandRunner()
    private let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    private static let source = "Tests/AppTests/CartTests.swift"

    @discardableResult
    private func git(_ arguments: [String], in folder: URL) throws -> String {
        let identity = ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
        let result = try runner.run("git", identity + arguments, environment: environment, currentDirectory: folder)
        try #require(result.exitStatus == 0, "git \(arguments) failed")
        return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A project checked out on branch `trunk` with one commit, then a tracked file changed.
    private func dirtyCheckout() throws -> URL {
        let folder = TestScratch.root.appendingPathComponent("shop-\(UUID().uuidString)")
        let file = folder.appendingPathComponent(Self.source)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "trunk"], in: folder)
        try Data("// one\n".utf8).write(to: file)
        try git(["add", Self.source], in: folder)
        try git(["commit", "-q", "-m", "one"], in: folder)
        try Data("// two\n".utf8).write(to: file)
        return folder
    }

    /// Run `index` of a pipeline run every four hours, whose one test fails at line 9 of the checkout's file.
    private func failingRun(_ index: Int, project: URL, origin: RunOrigin) -> RunReport {
        let start = Date(timeIntervalSince1970: 1_795_320_000 + Double(index) * 4 * 3600)
        let file = project.appendingPathComponent(Self.source).path
        let tests = [
            TestResult(
                id: "App.CartTests/testTotal", name: "testTotal", suite: "CartTests", framework: .xctest,
                status: .failed, failures: [TestFailure(message: "XCTAssertEqual failed", file: file, line: 9)])
        ]
        var report = RunReport(
            pipeline: "smoke", runID: "20261122T0\(4 + 4 * index)0000Z-000\(index)", status: .failed,
            startedAt: start,
            finishedAt: start.addingTimeInterval(3), seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .suite, seed: nil),
            environment: [:], device: ResolvedDevice(platform: "host", operatingSystem: "Linux"), toolchain: nil,
            tests: tests)
        report.origin = origin
        return report
    }

    /// Posts the message for the second of two failing runs, in `format`, and returns the body the receiver got.
    /// - Parameter output: an output folder of its own (its notify state remembers what was announced).
    private func postedBody(format: NotifyFormat, project: URL, origin: RunOrigin, output: URL) async throws -> Data {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200)])
        defer { receiver.stop() }
        let first = failingRun(0, project: project, origin: origin)
        let report = failingRun(1, project: project, origin: origin)
        var settings = NotifySettings()
        settings.format = format
        settings.timeoutSeconds = 60
        let records = await Notifier().notifyAfterRun(
            report: report, history: [HistoryEntry(report: first, path: "runs/\(first.runID)")], settings: settings,
            outputDirectory: output, environment: ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "o1").absoluteString],
            projectRoot: project.path)
        try #require(records.map(\.outcome) == [.delivered], "\(records.map(Notifier.describe))")
        return try #require(receiver.requests.first?.body)
    }

    @Test func theMessageNamesTheCheckoutsCommitAndARelativeSourcePath() async throws {
        let project = try dirtyCheckout()
        let output = TestScratch.root.appendingPathComponent("out-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: project)
            try? FileManager.default.removeItem(at: output)
        }
        let head = try git(["rev-parse", "HEAD"], in: project)
        let origin = RunOriginReader(runner: runner, environment: environment).read(projectFolder: project)
        let host = try #require(origin.host)

        let jsonOutput = output.appendingPathComponent("json")
        let json = try await postedBody(format: .json, project: project, origin: origin, output: jsonOutput)
        let message = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let sent = try #require(message["origin"] as? [String: Any])
        #expect(sent["commit"] as? String == head)
        #expect(sent["branch"] as? String == "trunk")
        #expect(sent["dirty"] as? Bool == true)
        let failure = try #require((message["failures"] as? [[String: Any]])?.first)
        #expect(failure["file"] as? String == Self.source)
        #expect(failure["failingSinceCommit"] as? String == head)
        #expect(failure["failingRuns"] as? Int == 2)
        let links = try #require(message["links"] as? [String: Any])
        #expect(links["reportPath"] as? String == "\(host):\(jsonOutput.path)/runs/20261122T080000Z-0001/")
        #expect(message["projectFolder"] as? String == project.lastPathComponent)

        let slack = String(
            decoding: try await postedBody(
                format: .slack, project: project, origin: origin, output: output.appendingPathComponent("slack")),
            as: UTF8.self)
        #expect(slack.contains("`\(head.prefix(12)) on trunk (uncommitted changes)`"))
        #expect(slack.contains("at `\(Self.source):9`"))
        #expect(slack.contains("failing for 2 runs (4 h), since 2026-11-22 04:00 UTC, commit \(head.prefix(12))"))
        for body in [String(decoding: json, as: UTF8.self), slack] {
            #expect(!body.contains(project.appendingPathComponent(Self.source).path), "an absolute source path")
        }
    }
}
