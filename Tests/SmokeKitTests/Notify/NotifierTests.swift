import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct NotifierTests {
    typealias F = NotifyFixtures
    private let secret = "https://hooks.slack.com/services/T000/B000/secretTOKEN123"
    private var environment: [String: String] { ["SMOKERUN_WEBHOOK_URL": secret] }
    private let failing = F.suite(failing: [F.failing("AppTests.CartTests/testTotal")])

    private func temporaryDirectory() throws -> URL {
        let url = TestScratch.root.appendingPathComponent("notifier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file under `directory`, as text, to look for the secret in.
    private func everythingWritten(under directory: URL) -> String {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func anUndeliverableFailureIsQueuedThenFlushedByTheNextRunWhichStaysQuiet() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let first = F.report(0, tests: failing)
        let down = FakeWebhook([.status(503, body: "down for \(secret)")])
        let queued = await Notifier(delivery: down.delivery).notifyAfterRun(
            report: first, history: [], settings: NotifySettings(), outputDirectory: output, environment: environment
        )
        #expect(queued.map(\.outcome) == [.queued])
        #expect(queued.first?.attempts == 4)
        #expect(queued.first?.target == "$SMOKERUN_WEBHOOK_URL (https://…)")
        let item = try #require(Outbox(outputDirectory: output).items().items.first)
        #expect(item.webhookURLEnvironment == "SMOKERUN_WEBHOOK_URL")
        #expect(item.summary == "failure notification of smoke run \(first.runID): 1 test failing")
        #expect(
            NotifyStateStore(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil)).load().open?
                .runID == first.runID)

        let up = FakeWebhook([.status(200)])
        let second = await Notifier(delivery: up.delivery).notifyAfterRun(
            report: F.report(1, tests: failing), history: F.history([first]), settings: NotifySettings(),
            outputDirectory: output, environment: environment
        )
        #expect(second.map(\.outcome) == [.delivered, .suppressed])
        #expect(second.first?.detail?.hasPrefix("from the outbox: failure notification") == true)
        #expect(up.requestCount == 1)
        #expect(up.requests.first?.httpBody == Data(item.body.utf8))
        #expect(Outbox(outputDirectory: output).items().items.isEmpty)

        let written = everythingWritten(under: output) + "\(queued)\(second)"
        #expect(!written.contains("secretTOKEN123"))
        #expect(!written.contains("hooks.slack.com"))
    }

    /// Neither the webhook nor the outbox took the message (the outbox cannot be written: a full disk, here a file
    /// where its folder goes): it is lost, and the record says which file could not be written.
    @Test func aFailureTheOutboxCannotHoldIsSaidToBeLost() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        try Data().write(to: OutputLayout(root: output).outbox)
        let down = FakeWebhook([.status(503, body: "down")])
        let report = F.report(0, tests: failing)
        let records = await Notifier(delivery: down.delivery).notifyAfterRun(
            report: report, history: [], settings: NotifySettings(), outputDirectory: output, environment: environment
        )
        #expect(records.map(\.outcome) == [.failed])
        let notQueued = try #require(records.first?.notQueued)
        #expect(notQueued.hasPrefix("could not write \(OutputLayout(root: output).outbox.path)/"))
        #expect(
            NotifyWarning.lost(notQueued, resend: report.runID).hasSuffix("`smokerun notify \(report.runID)` sends it"))
        #expect(!NotifyWarning.lost(notQueued, resend: nil).contains("smokerun notify"))
    }

    /// The failure could not be posted; the next run passes on the same commit: the queued failure goes out first, and
    /// the recovery that closes it after it, so the channel's last word is never a failure the run contradicts.
    @Test func aQueuedFailureFlushedByAPassingRunIsFollowedByItsRecovery() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let hash = String(repeating: "ab", count: 20)
        let commit = RunOrigin(host: "buildbox", commit: hash, branch: "main", dirty: false)
        var first = F.report(0, tests: failing)
        first.origin = commit
        let down = FakeWebhook([.status(503)])
        _ = await Notifier(delivery: down.delivery).notifyAfterRun(
            report: first, history: [], settings: NotifySettings(), outputDirectory: output, environment: environment)
        var passing = F.report(1, tests: F.suite(failing: []))
        passing.origin = commit
        let up = FakeWebhook([.status(200), .status(200)])
        let records = await Notifier(delivery: up.delivery).notifyAfterRun(
            report: passing, history: F.history([first]), settings: NotifySettings(), outputDirectory: output,
            environment: environment, window: F.history([first]))
        #expect(records.map(\.outcome) == [.delivered, .delivered], "\(records)")
        #expect(records.map(\.kind) == [.failure, .recovery])
        let last = String(decoding: up.requests.last?.httpBody ?? Data(), as: UTF8.self)
        #expect(last.contains("recovered, all tests pass"))
        #expect(last.contains("*Recovered:* `AppTests.CartTests/testTotal`"))
    }

    @Test func aFlushStopsAtTheFirstItemThatStillCannotGetThrough() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let down = FakeWebhook([.status(500)])
        for index in 0..<3 {
            _ = await Notifier(delivery: down.delivery).send(
                report: F.report(index, tests: failing), plan: NotificationPlan(kind: .failure),
                settings: NotifySettings(),
                outputDirectory: output, environment: environment
            )
        }
        let stillDown = FakeWebhook([.networkError(.cannotConnectToHost)])
        let records = await Notifier(delivery: stillDown.delivery).flushOutbox(
            outputDirectory: output, environment: environment)
        #expect(records.map(\.outcome) == [.queued])
        #expect(stillDown.requestCount == 4)
        let items = Outbox(outputDirectory: output).items().items
        #expect(items.count == 3)
        #expect(items.first?.attempts == 8)
        #expect(items.first?.lastError == "network error: connection refused")
    }

    @Test func aClaimLeftByAKilledFlushIsTakenAgainOnlyOnceStale() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let down = FakeWebhook([.status(500)])
        for index in 0..<2 {
            _ = await Notifier(delivery: down.delivery).send(
                report: F.report(index, tests: failing), plan: NotificationPlan(kind: .failure),
                settings: NotifySettings(), outputDirectory: output, environment: environment)
        }
        let outbox = Outbox(outputDirectory: output)
        let names = try FileManager.default.contentsOfDirectory(atPath: outbox.directory.path).sorted()
        #expect(names.count == 2)
        // The first was claimed 11 minutes ago by a flush that died; the second is being sent right now.
        let stale = OutboxClaim(itemFileName: names[0], claimedAt: F.firstRun.addingTimeInterval(-660), token: "1-A")
        let fresh = OutboxClaim(itemFileName: names[1], claimedAt: F.firstRun.addingTimeInterval(-5), token: "2-B")
        for (name, claim) in zip(names, [stale, fresh]) {
            try FileManager.default.moveItem(
                at: outbox.directory.appendingPathComponent(name),
                to: outbox.directory.appendingPathComponent(claim.fileName))
        }
        let up = FakeWebhook([.status(200)])
        let records = await Notifier(delivery: up.delivery).flushOutbox(
            outputDirectory: output, environment: environment)
        #expect(records.map(\.outcome) == [.delivered])
        #expect(up.requestCount == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: outbox.directory.path)
        #expect(left == [fresh.fileName])
    }

    /// `notify --flush` without `--pipeline` knows only the default variable: an item whose pipeline sends elsewhere
    /// is never posted to `SMOKERUN_WEBHOOK_URL`'s channel; it waits, and the message names the flush that sends it.
    @Test func aFlushOfEveryPipelineLeavesAnItemThatSendsElsewhere() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        var nightly = NotifySettings()
        nightly.webhookURLEnvironment = "NIGHTLY_HOOK"
        let both = ["NIGHTLY_HOOK": "https://hooks.example.com/nightly", "SMOKERUN_WEBHOOK_URL": secret]
        _ = await Notifier(delivery: FakeWebhook([.status(500)]).delivery).send(
            report: F.report(0, tests: failing), plan: NotificationPlan(kind: .failure), settings: nightly,
            outputDirectory: output, environment: both)
        let up = FakeWebhook([.status(200)])
        let records = await Notifier(delivery: up.delivery).flushOutbox(outputDirectory: output, environment: both)
        #expect(up.requestCount == 0)
        #expect(records.map(\.outcome) == [.queued])
        #expect(
            records.first?.detail?.contains("sends to $NIGHTLY_HOOK; flush it with `smokerun notify --flush --pipeline")
                == true)
        #expect(Outbox(outputDirectory: output).items().items.count == 1)
    }

    @Test func aCancelledRunQueuesItsMessageInsteadOfWaiting() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let flag = CancellationFlag()
        flag.cancel()
        let down = FakeWebhook([.status(503)])
        let records = await Notifier(delivery: down.delivery.cancelled(by: flag)).notifyAfterRun(
            report: F.report(0, tests: failing), history: [], settings: NotifySettings(), outputDirectory: output,
            environment: environment)
        #expect(records.map(\.outcome) == [.queued])
        #expect(records.first?.detail == "cancelled while waiting to retry")
        #expect(down.requestCount == 1)
        #expect(Outbox(outputDirectory: output).items().items.count == 1)
    }

    @Test func aRejectedItemMovesAsideAndTheFlushGoesOn() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let down = FakeWebhook([.status(500)])
        for index in 0..<2 {
            _ = await Notifier(delivery: down.delivery).send(
                report: F.report(index, tests: failing), plan: NotificationPlan(kind: .failure),
                settings: NotifySettings(),
                outputDirectory: output, environment: environment
            )
        }
        let picky = FakeWebhook([.status(400, body: "invalid_payload"), .status(200)])
        let records = await Notifier(delivery: picky.delivery).flushOutbox(
            outputDirectory: output, environment: environment)
        #expect(records.map(\.outcome) == [.failed, .delivered])
        #expect(Outbox(outputDirectory: output).items().items.isEmpty)
        let rejected = output.appendingPathComponent(
            "outbox/rejected/\(OutboxItem.id(runID: F.runID(0), kind: .failure)).json")
        #expect(FileManager.default.fileExists(atPath: rejected.path))
    }

    @Test func withoutAWebhookURLNothingIsSentOrRemembered() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let webhook = FakeWebhook([.status(200)])
        let records = await Notifier(delivery: webhook.delivery).notifyAfterRun(
            report: F.report(0, tests: failing), history: [], settings: NotifySettings(), outputDirectory: output,
            environment: [:]
        )
        var expected = NotificationRecord(
            kind: .failure, format: .slack, target: "$SMOKERUN_WEBHOOK_URL (unset)", attempts: 0,
            outcome: .suppressed,
            detail: "SMOKERUN_WEBHOOK_URL is not set; nothing sent"
        )
        // The run wanted to send it: the variable is named, so the run can warn every time until it is set.
        expected.missingVariable = "SMOKERUN_WEBHOOK_URL"
        #expect(records == [expected])
        #expect(webhook.requestCount == 0)
        #expect(
            NotifyStateStore(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil)).load()
                == NotifyState())
    }

    @Test func aRejectedMessageIsNotQueuedAndNotRemembered() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let webhook = FakeWebhook([.status(404, body: "no_service")])
        let records = await Notifier(delivery: webhook.delivery).notifyAfterRun(
            report: F.report(0, tests: failing), history: [], settings: NotifySettings(), outputDirectory: output,
            environment: environment
        )
        #expect(records.map(\.outcome) == [.failed])
        #expect(records.first?.detail == "HTTP 404: no_service")
        #expect(Outbox(outputDirectory: output).items().items.isEmpty)
        #expect(
            NotifyStateStore(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil)).load()
                == NotifyState())
    }

    @Test func aFailureMessageThatPrintsTheURLIsScrubbedBeforeItIsSent() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let leaky = F.suite(failing: [F.failing("AppTests.EnvTests/testHook", message: "hook is \(secret)")])
        let webhook = FakeWebhook([.status(200)])
        _ = await Notifier(delivery: webhook.delivery).send(
            report: F.report(0, tests: leaky), plan: NotificationPlan(kind: .failure), settings: NotifySettings(),
            outputDirectory: output, environment: environment
        )
        let body = String(decoding: try #require(webhook.requests.first?.httpBody), as: UTF8.self)
        #expect(!body.contains("secretTOKEN123"))
        #expect(body.contains("hook is https://…"))
    }

    @Test func describeIsOneReadableLine() {
        let record = NotificationRecord(
            kind: .failure, format: .slack, target: "$SMOKERUN_WEBHOOK_URL (https://…)", attempts: 2,
            outcome: .delivered, httpStatus: 200
        )
        #expect(
            Notifier.describe(record)
                == "notify: failure (slack) to $SMOKERUN_WEBHOOK_URL (https://…) delivered after 2 attempts (HTTP 200)")
    }
}
