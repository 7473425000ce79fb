import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// Twelve real `smokerun run`s of the Flicker fixture in a git checkout, posting to a receiver on 127.0.0.1: a test
/// failing one run in three pages as NEW once (closed by the next pass), then only as known flaky with its rate; a
/// test broken by one commit and fixed by the next gets its failure and its recovery and is in no flaky list. The
/// policy's many-run cases are `FlakyNotificationPolicyTests`; this is the whole path once.
@Suite(.timeLimit(.minutes(10))) struct FlakyHistoryRunTests {
    static let merge = "FlickerTests.FlickerTests/testMerge"
    static let total = "FlickerTests.FlickerTests/testTotal"

    private func git(_ arguments: [String], in folder: URL) throws {
        let identity = ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
        let result = try ProcessCommandRunner().run(
            "git", identity + arguments, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""],
            currentDirectory: folder)
        try #require(result.exitStatus == 0, "git \(arguments) failed")
    }

    private func commit(_ text: String, in root: URL) throws {
        try Data("\(text)\n".utf8).write(to: root.appendingPathComponent("README"))
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", text], in: root)
    }

    @Test func aFlakyTestIsNewOnceAndABrokenThenFixedOneRecovers() async throws {
        let package = try IntegrationSupport.copyFixture("Flicker")
        let root = package.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {"name": "flicker", "swiftpm": {"packagePath": "Flicker"}, "retries": {"failed": 0},
             "coverage": {"enabled": false}, "reports": ["json"], "notify": {"flaky": "announce"}}
            """, named: "flicker", next: package)
        let control = package.appendingPathComponent("control")
        try FileManager.default.createDirectory(at: control, withIntermediateDirectories: true)
        try Data("Flicker/control/\nFlicker/.build/\n.smokerun/\n".utf8).write(
            to: root.appendingPathComponent(".gitignore"))
        try git(["init", "-q", "-b", "main"], in: root)
        try commit("one", in: root)

        let receiver = try NotifyWebhookReceiver(replies: (0..<12).map { _ in .init(status: 200) })
        defer { receiver.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["SMOKERUN_WEBHOOK_URL"] = receiver.url(token: "flicker").absoluteString
        for key in environment.keys where key.hasPrefix("GITHUB_") { environment[key] = nil }
        var posts: [Int: String] = [:]
        for run in 0..<12 {
            // Commit B breaks testTotal for runs 6-8; commit C fixes it from run 9.
            if run == 6 {
                try commit("break the total", in: root)
                try Data().write(to: control.appendingPathComponent("broken"))
            }
            if run == 9 {
                try commit("fix the total", in: root)
                try FileManager.default.removeItem(at: control.appendingPathComponent("broken"))
            }
            try Data("\(run)\n".utf8).write(to: control.appendingPathComponent("run"))
            let before = receiver.requests.count
            let (status, output) = try IntegrationSupport.runToEnd(
                IntegrationSupport.smokerunBinary.path, ["run", pipeline.path], environment: environment, in: root)
            let failing = run % 3 == 2 || (6...8).contains(run)
            #expect(status == (failing ? 1 : 0), "run \(run):\n\(output)")
            if receiver.requests.count > before, let body = receiver.requests.last?.body {
                posts[run] = String(decoding: body, as: UTF8.self)
            }
        }

        // testMerge: NEW at its first failure (run 2), closed by run 3 as looking flaky, then known flaky with its rate.
        // testTotal: NEW when commit B broke it (run 6), recovered when commit C fixed it (run 9).
        #expect(posts.keys.sorted() == [2, 3, 5, 6, 9, 11], "\(posts.keys.sorted())")
        #expect(posts[2]?.contains("testMerge`* · *NEW*") == true)
        #expect(posts[3]?.contains("(looks flaky: failed 1 of the last 4 runs)") == true, "\(posts[3] ?? "")")
        for run in [5, 11] {
            let body = posts[run] ?? ""
            #expect(!body.contains("NEW"), "run \(run): \(body)")
            #expect(body.contains("_flaky: failed "), "run \(run): \(body)")
        }
        #expect(posts[5]?.contains("_flaky: failed 2 of the last 6 runs_") == true)
        #expect(posts[11]?.contains("_flaky: failed 4 of the last 12 runs_") == true)
        #expect(posts[6]?.contains("testTotal`* · *NEW*") == true)
        #expect(posts[6]?.contains("testMerge") == false)
        #expect(posts[9]?.contains("recovered") == true)

        // In no flaky list: history --flaky files it under broken, the dashboard's flakiest leave it out.
        let binary = IntegrationSupport.smokerunBinary.path
        let (_, history) = try IntegrationSupport.runToEnd(
            binary, ["history", "--flaky", "--count", "12"], environment: environment, in: root)
        let sections = history.components(separatedBy: "broken, not flaky")
        #expect(sections.count == 2, "\(history)")
        #expect(sections.first?.contains(Self.merge) == true && sections.first?.contains(Self.total) == false)
        #expect(sections.last?.contains("\(Self.total)  broken 3 runs, fixed at") == true, "\(history)")
        let site = root.appendingPathComponent("site")
        let (dashboardStatus, dashboardOutput) = try IntegrationSupport.runToEnd(
            binary, ["dashboard", pipeline.path, "--output", site.path], environment: environment, in: root)
        #expect(dashboardStatus == 0, "\(dashboardOutput)")
        let pages = (FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "index.html" }
        let overview = try #require(
            pages.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.first { $0.contains("id=\"flaky\"") },
            "no overview among \(pages.map(\.path))")
        let flakiest =
            overview.components(separatedBy: "id=\"flaky\"").last?.components(separatedBy: "</section>")
            .first ?? ""
        #expect(flakiest.contains("testMerge"), "\(flakiest)")
        #expect(!flakiest.contains("testTotal"), "\(flakiest)")

        // Quarantined, testMerge's next failure leaves the run passed and sends nothing; an expired entry is said.
        try Data(
            """
            {"name": "flicker", "swiftpm": {"packagePath": "Flicker"}, "retries": {"failed": 0},
             "coverage": {"enabled": false}, "reports": ["json", "junit", "markdown", "html"],
             "notify": {"flaky": "announce"},
             "quarantine": [
               {"test": "FlickerTests.FlickerTests/testMerge", "reason": "loses items", "owner": "sync-team",
                "expires": "2099-01-01"},
               {"test": "FlickerTests.*/testTotal", "reason": "was broken", "owner": "cart-team", "expires": "2020-01-01"}]}
            """.utf8
        ).write(to: pipeline)
        try Data("14\n".utf8).write(to: control.appendingPathComponent("run"))
        let before = receiver.requests.count
        let (status, output) = try IntegrationSupport.runToEnd(
            binary, ["run", pipeline.path], environment: environment, in: root)
        #expect(status == 0, "\(output)")
        #expect(receiver.requests.count == before)
        #expect(output.contains("quarantine: 1 quarantined test failed and did not fail the run: \(Self.merge)"))
        #expect(output.contains("quarantine: the entry for FlickerTests.*/testTotal (cart-team: was broken) expired"))
        #expect(output.contains("\(Self.merge) failed, quarantined"), "\(output)")
        #expect(output.contains("    quarantine: loses items — owner sync-team, until 2099-01-02T00:00:00Z"))
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .passed && report.failingTests.map(\.id) == [Self.merge])
        #expect(report.quarantine?.tests == [Self.merge] && report.quarantine?.expired.count == 1)
        // Every report marks the failure quarantined, with the entry, never as an ordinary failure.
        let latest = root.appendingPathComponent(".smokerun/latest")
        let junit = try String(contentsOf: latest.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<skipped message=\"quarantined (loses items — owner sync-team, until "), "\(junit)")
        #expect(!junit.contains("<failure"), "\(junit)")
        let summary = try String(contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("### Quarantined failures (1)") && !summary.contains("### Failures"), "\(summary)")
        let page = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Quarantined: loses items — owner sync-team, until "))
        let (_, listed) = try IntegrationSupport.runToEnd(
            binary, ["history", "--quarantine"], environment: environment, in: root)
        #expect(listed.contains("\(Self.merge) · failed in that run"), "\(listed)")
        #expect(listed.contains("FlickerTests.*/testTotal · EXPIRED 2020-01-02T00:00:00Z, ignored"), "\(listed)")
        // The dashboard shows them.
        let (_, _) = try IntegrationSupport.runToEnd(
            binary, ["dashboard", pipeline.path, "--output", site.path], environment: environment, in: root)
        let quarantinedPages =
            (FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "index.html" }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }.filter { $0.contains("id=\"quarantine\"") }
        #expect(quarantinedPages.count == 1)
        #expect(quarantinedPages.first?.contains("failed, quarantined") == true)
        #expect(quarantinedPages.first?.contains("expired, ignored") == true)
    }
}
