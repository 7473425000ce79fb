import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Runs notified one after another through the state kept on disk, as `smokerun run` does every four hours.
@Suite struct NotifierStreakTests {
    typealias F = NotifyFixtures
    private let environment = ["SMOKERUN_WEBHOOK_URL": "https://hooks.example.com/services/T0/B0/x"]
    private let total = "AppTests.CartTests/testTotal"

    /// Notifies `reports` in order into a fresh output folder; each run's message bodies, in order.
    private func bodies(
        _ reports: [RunReport], settings: NotifySettings = NotifySettings()
    ) async throws -> [[String]] {
        let output = TestScratch.root.appendingPathComponent("notifier-streak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var sent: [[String]] = []
        for (index, report) in reports.enumerated() {
            let webhook = FakeWebhook([.status(200)])
            _ = await Notifier(delivery: webhook.delivery).notifyAfterRun(
                report: report, history: F.history(Array(reports[..<index])), settings: settings,
                outputDirectory: output, environment: environment)
            sent.append(webhook.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) })
        }
        return sent
    }

    /// A failure, a run the device kept from testing, a pass: the recovery names the announced test.
    @Test func theRecoveryAfterAnErroredRunNamesTheAnnouncedTest() async throws {
        let runs = [
            F.report(0, tests: F.suite(failing: [F.failing(total)])),
            F.report(1, tests: [], errors: [InfrastructureError(message: "device missing")]),
            F.report(2, tests: F.suite(failing: [])),
        ]
        let sent = try await bodies(runs)
        #expect(sent.map(\.count) == [1, 1, 1])
        let recovery = try #require(sent[2].first)
        #expect(recovery.contains("recovered, all tests pass"), "\(recovery)")
        #expect(recovery.contains("*Recovered:* `\(total)`"), "\(recovery)")
    }

    /// `on: ["recovery"]`: the failure sends nothing and is remembered; the pass sends the recovery naming the test.
    @Test func onlyRecoveriesWantedSendsTheRecoveryOfAnUnannouncedFailure() async throws {
        var settings = NotifySettings()
        settings.on = [.recovery]
        let runs = [F.report(0, tests: F.suite(failing: [F.failing(total)])), F.report(1, tests: F.suite(failing: []))]
        let sent = try await bodies(runs, settings: settings)
        #expect(sent.map(\.count) == [0, 1])
        let recovery = try #require(sent[1].first)
        #expect(recovery.contains("recovered, all tests pass"), "\(recovery)")
        #expect(recovery.contains("*Recovered:* `\(total)`"), "\(recovery)")
    }
}
