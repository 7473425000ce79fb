import Foundation
import SmokeCoreTestSupport
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Posts to a real HTTP receiver on 127.0.0.1 (see `NotifyWebhookReceiver`).
@Suite struct NotifyWebhookIntegrationTests {
    typealias Reply = NotifyWebhookReceiver.Reply

    /// Waits only recorded; the delivery budget's clock moves by those waits alone, so that a loaded machine's
    /// slow requests cannot use it up.
    private func delivery(_ sleeper: RecordingSleeper) -> WebhookDelivery {
        WebhookDelivery(sleep: { sleeper.sleep($0) }, jitter: { 0.5 }, uptime: { sleeper.sleeps.reduce(0, +) })
    }

    private func failingReport() -> RunReport {
        let start = Date(timeIntervalSince1970: 1_795_320_000)
        let tests = [
            TestResult(
                id: "App.CartTests/testTotal", name: "testTotal", suite: "CartTests", framework: .xctest,
                status: .failed,
                failures: [TestFailure(message: "XCTAssertEqual failed", file: "Tests/CartTests.swift", line: 9)]),
            TestResult(
                id: "App.CartTests/testEmpty", name: "testEmpty", suite: "CartTests", framework: .xctest,
                status: .passed),
        ]
        return RunReport(
            pipeline: "smoke", runID: "20261122T040000Z-0000", status: RunReport.status(of: tests, errors: []),
            startedAt: start, finishedAt: start.addingTimeInterval(3), seed: 7,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 7), environment: [:],
            device: ResolvedDevice(platform: "host", operatingSystem: "Linux"), toolchain: nil, tests: tests
        )
    }

    private func temporaryDirectory() throws -> URL {
        let url = TestScratch.root.appendingPathComponent(
            "notify-integration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file written under `directory`, as text.
    private func everythingWritten(under directory: URL) -> String {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func serverErrorsAreRetriedWithRealBackoffUntilDelivered() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [
            Reply(status: 500), Reply(status: 502), Reply(status: 200, body: "ok"),
        ])
        defer { receiver.stop() }
        var policy = RetryPolicy()
        policy.baseDelay = 0.2
        // Real time: the whole suite on a loaded machine has taken over 60 s for one loopback request.
        policy.deliverySeconds = 3600
        let body = Data(#"{"text":"smoke failed"}"#.utf8)
        let result = await WebhookDelivery(jitter: { 0 }).post(body, to: receiver.url(token: "t1"), policy: policy)
        #expect(result == DeliveryResult(outcome: .delivered, attempts: 3, httpStatus: 200))
        let requests = receiver.requests
        try #require(requests.count == 3)
        #expect(requests.allSatisfy { $0.body == body && $0.requestLine == "POST /services/T0/B0/t1 HTTP/1.1" })
        #expect(requests[0].headers["content-type"] == "application/json; charset=utf-8")
        // Backoff with no jitter: half of 0.2 s, then half of 0.4 s.
        #expect(requests[1].at.timeIntervalSince(requests[0].at) >= 0.09)
        #expect(requests[2].at.timeIntervalSince(requests[1].at) >= 0.19)
    }

    @Test func tooManyRequestsWaitsWhatRetryAfterSaysCapped() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [
            Reply(status: 429, headers: ["Retry-After": "2"]), Reply(status: 429, headers: ["Retry-After": "3600"]),
            Reply(status: 200),
        ])
        defer { receiver.stop() }
        let sleeper = RecordingSleeper()
        var policy = RetryPolicy()
        policy.deliverySeconds = 600
        let result = await delivery(sleeper).post(Data("{}".utf8), to: receiver.url(token: "t2"), policy: policy)
        #expect(result == DeliveryResult(outcome: .delivered, attempts: 3, httpStatus: 200))
        #expect(sleeper.sleeps == [2, 60])
        #expect(receiver.requests.count == 3)
    }

    @Test func aRetryAfterPastTheDeliveryBudgetQueuesTheMessageAtOnce() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 429, headers: ["Retry-After": "3600"])])
        defer { receiver.stop() }
        let sleeper = RecordingSleeper()
        let records = await Notifier(delivery: delivery(sleeper)).notifyAfterRun(
            report: failingReport(), history: [], settings: NotifySettings(), outputDirectory: output,
            environment: ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "t9").absoluteString]
        )
        #expect(records.map(\.outcome) == [.queued])
        #expect(records.first?.attempts == 1)
        #expect(sleeper.sleeps.isEmpty)
        #expect(receiver.requests.count == 1)
        #expect(Outbox(outputDirectory: output).items().items.count == 1)
    }

    @Test(.timeLimit(.minutes(10)))
    func twoFlushesAtOncePostEachQueuedMessageOnce() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let outbox = Outbox(outputDirectory: output)
        let base = failingReport()
        for index in 0..<6 {
            let runID = "20261122T04000\(index)Z-0000"
            try outbox.put(
                OutboxItem(
                    id: OutboxItem.id(runID: runID, kind: .failure), createdAt: base.startedAt, pipeline: "smoke",
                    runID: runID, kind: .failure, format: .json, webhookURLEnvironment: "SMOKERUN_WEBHOOK_URL",
                    summary: "failure notification of smoke run \(runID)", attempts: 4, lastError: "HTTP 503",
                    body: #"{"run":"\#(runID)"}"#))
        }
        // A slow receiver, so that both flushes are under way together.
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 200, delay: 0.1)])
        defer { receiver.stop() }
        let environment = ["SMOKERUN_WEBHOOK_URL": receiver.url(token: "t10").absoluteString]
        let sleeper = RecordingSleeper()
        async let first = Notifier(delivery: delivery(sleeper)).flushOutbox(
            outputDirectory: output, environment: environment)
        async let second = Notifier(delivery: delivery(sleeper)).flushOutbox(
            outputDirectory: output, environment: environment)
        let records = await first + second
        let bodies = receiver.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.count == 6, "posted \(bodies.count) times: \(bodies.sorted())")
        #expect(Set(bodies).count == 6)
        #expect(records.map(\.outcome) == Array(repeating: .delivered, count: 6))
        let left = try FileManager.default.contentsOfDirectory(atPath: outbox.directory.path)
        #expect(left.isEmpty, "left in the outbox: \(left)")
    }

    @Test func aClientErrorIsNotRetried() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 400, body: "invalid_payload")])
        defer { receiver.stop() }
        let sleeper = RecordingSleeper()
        let result = await delivery(sleeper).post(Data("{}".utf8), to: receiver.url(token: "t3"), policy: RetryPolicy())
        #expect(
            result
                == DeliveryResult(outcome: .rejected, attempts: 1, httpStatus: 400, detail: "HTTP 400: invalid_payload")
        )
        #expect(sleeper.sleeps.isEmpty)
        #expect(receiver.requests.count == 1)
    }

    @Test func aSlowReceiverTimesOutAndIsRetried() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 200, delay: 3)])
        defer { receiver.stop() }
        let sleeper = RecordingSleeper()
        var policy = RetryPolicy()
        policy.timeoutSeconds = 0.5 // rounded up to 1 s by the transport
        policy.maxAttempts = 2
        let started = Date()
        let result = await delivery(sleeper).post(Data("{}".utf8), to: receiver.url(token: "t4"), policy: policy)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.outcome == .gaveUp)
        #expect(result.attempts == 2)
        #expect(result.detail == "network error: timed out")
        #expect(sleeper.sleeps == [0.75])
        // The receiver answers 200 after 3 s: `gaveUp` with "timed out" proves each attempt was cut
        // off by the timeout. Wall time only has a floor (two ~1 s attempts); a loaded CI machine
        // running tests in parallel fires libcurl's timers late, so no ceiling is asserted.
        #expect(elapsed >= 1.9, "two 1 s timeouts took \(elapsed) s")
    }

    @Test func aRefusedConnectionIsQueuedAndDeliveredByFlushWithoutTheURLAnywhere() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let closed = URL(
            string: "http://127.0.0.1:\(try NotifyWebhookReceiver.closedPort())/services/T0/B0/closedSECRET")!
        let sleeper = RecordingSleeper()
        let report = failingReport()
        let records = await Notifier(delivery: delivery(sleeper)).notifyAfterRun(
            report: report, history: [], settings: NotifySettings(), outputDirectory: output,
            environment: ["SMOKERUN_WEBHOOK_URL": closed.absoluteString]
        )
        #expect(records.map(\.outcome) == [.queued])
        #expect(records.first?.attempts == 4)
        #expect(records.first?.detail == "network error: connection refused")
        #expect(sleeper.sleeps == [0.75, 1.5, 3])
        let item = try #require(Outbox(outputDirectory: output).items().items.first)

        // The webhook comes back (at a new URL, in the same variable); `smokerun notify --flush` sends it.
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 200)])
        defer { receiver.stop() }
        let live = receiver.url(token: "liveSECRET")
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err, environment: ["SMOKERUN_WEBHOOK_URL": live.absoluteString],
            currentDirectory: output
        )
        let command = try NotifyCommand(
            arguments: ["--flush", "--output", output.path], resolveSettings: NotifyCommand.defaultSettingsResolver,
            notifier: Notifier(delivery: delivery(sleeper))
        )
        #expect(try await command.run(in: context) == .passed)
        #expect(receiver.requests.map(\.body) == [Data(item.body.utf8)])
        #expect(Outbox(outputDirectory: output).items().items.isEmpty)

        let everything = everythingWritten(under: output) + out.text + err.text + "\(records)"
        for secret in ["closedSECRET", "liveSECRET", "127.0.0.1:\(receiver.port)", closed.host! + ":\(closed.port!)"] {
            #expect(!everything.contains(secret), "\(secret) was written or printed")
        }
        #expect(err.text.contains("(http://…)"))
    }

    @Test func aDownWebhookLeavesTheRunReportAndStatusAlone() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let receiver = try NotifyWebhookReceiver(replies: [Reply(status: 500, body: "")])
        defer { receiver.stop() }
        let url = receiver.url(token: "downSECRET")
        receiver.answer([Reply(status: 503, body: "cannot reach \(url.absoluteString)")])
        var report = failingReport()
        let before = report
        var settings = NotifySettings()
        settings.maxAttempts = 2
        report.notifications = await Notifier(delivery: delivery(RecordingSleeper())).notifyAfterRun(
            report: report, history: [], settings: settings, outputDirectory: output,
            environment: ["SMOKERUN_WEBHOOK_URL": url.absoluteString]
        )
        // As the run command does: write report.json with the notification records.
        let runDirectory = output.appendingPathComponent("runs/\(report.runID)")
        try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
        try JSONCoding.encoder().encode(report).write(to: runDirectory.appendingPathComponent("report.json"))

        let written = try JSONCoding.decoder().decode(
            RunReport.self, from: Data(contentsOf: runDirectory.appendingPathComponent("report.json")))
        #expect(written.status == .failed)
        #expect(written.tests == before.tests)
        #expect(written.totals == before.totals)
        #expect(written.notifications.map(\.outcome) == [.queued])
        #expect(written.notifications.first?.httpStatus == 503)
        #expect(receiver.requests.count == 2)
        let everything = everythingWritten(under: output)
        #expect(!everything.contains("downSECRET"))
        #expect(!everything.contains("127.0.0.1:\(receiver.port)"))
    }
}
