import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Two pipelines in one output folder (the default `.smokerun`): each keeps its own notification state and outbox.
@Suite struct PipelineStateTests {
    typealias F = NotifyFixtures
    private let test = F.failing("AppTests.CartTests/testTotal")

    private func temporaryDirectory() throws -> URL {
        let url = TestScratch.root.appendingPathComponent("pipeline-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func twoPipelinesInOneFolderBothAnnounceTheirFirstFailureOfOneTest() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let environment = ["SMOKERUN_WEBHOOK_URL": "https://hooks.example.com/a"]
        let alpha = F.report(0, tests: F.suite(failing: [test]), pipeline: "alpha")
        let gamma = F.report(1, tests: F.suite(failing: [test]), pipeline: "gamma")
        let webhook = FakeWebhook([.status(200), .status(200)])
        let first = await Notifier(delivery: webhook.delivery).notifyAfterRun(
            report: alpha, history: [], settings: NotifySettings(), outputDirectory: output, environment: environment)
        let second = await Notifier(delivery: webhook.delivery).notifyAfterRun(
            report: gamma, history: F.history([alpha]), settings: NotifySettings(), outputDirectory: output,
            environment: environment)
        #expect(first.map(\.outcome) == [.delivered])
        #expect(second.map(\.outcome) == [.delivered], "\(second.compactMap(\.detail))")
        #expect(second.first?.kind == .failure)
        #expect(webhook.requestCount == 2)
        let gammaBody = String(decoding: webhook.requests.last?.httpBody ?? Data(), as: UTF8.self)
        #expect(gammaBody.contains("gamma"))
        #expect(gammaBody.contains("NEW"))
    }

    @Test func anOutboxItemIsPostedOnlyByItsPipelineToThatPipelinesVariable() async throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let gamma = F.report(0, tests: F.suite(failing: [test]), pipeline: "gamma")
        let down = FakeWebhook([.status(503), .status(503), .status(503), .status(503)])
        let queued = await Notifier(delivery: down.delivery).notifyAfterRun(
            report: gamma, history: [], settings: NotifySettings(), outputDirectory: output,
            environment: ["SMOKERUN_WEBHOOK_URL": "https://hooks.example.com/gamma"])
        #expect(queued.map(\.outcome) == [.queued])
        // A crafted copy of the item names another variable: it is never read.
        var item = try #require(Outbox(outputDirectory: output).items().items.first)
        item.webhookURLEnvironment = "OTHER_URL"
        try Outbox(outputDirectory: output).put(item)

        let alphaWebhook = FakeWebhook([.status(200), .status(200)])
        let alphaFlush = await Notifier(delivery: alphaWebhook.delivery).flushOutbox(
            outputDirectory: output, environment: ["SMOKERUN_WEBHOOK_URL": "https://hooks.example.com/alpha"],
            pipeline: PipelineKey(name: "alpha", file: nil))
        #expect(alphaFlush.isEmpty)
        #expect(alphaWebhook.requestCount == 0)
        #expect(Outbox(outputDirectory: output).items().items.count == 1)

        var settings = NotifySettings()
        settings.webhookURLEnvironment = "GAMMA_URL"
        let gammaWebhook = FakeWebhook([.status(200)])
        let gammaFlush = await Notifier(delivery: gammaWebhook.delivery).flushOutbox(
            outputDirectory: output,
            environment: ["GAMMA_URL": "https://hooks.example.com/gamma", "OTHER_URL": "https://evil.example.com/"],
            settings: settings, pipeline: PipelineKey(name: "gamma", file: nil))
        #expect(gammaFlush.map(\.outcome) == [.delivered])
        #expect(gammaWebhook.requests.first?.url?.host == "hooks.example.com")
        #expect(Outbox(outputDirectory: output).items().items.isEmpty)
    }
}
