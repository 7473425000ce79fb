import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `notify.slackUpload` over a scripted transport: the message, the three upload steps in order,
/// the thread, and Slack's `ok: false` answers turned into the record, never into a crash.
@Suite struct SlackThreadUploadTests {
    static let token = "xoxb-1111-2222-secretsecret"
    static let shotPath = "attachments/AppTests.CheckoutTests/testPay/failure.png"
    static let shotBytes = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5])

    /// A failing run whose failure screenshot is on disk under `root`.
    private func fixture() throws -> (RunReport, URL) {
        let root = TestScratch.root.appendingPathComponent(
            "slack-upload-\(UUID().uuidString.prefix(8))")
        let shot = AttachmentRecord(
            name: "failure.png", path: Self.shotPath, mediaType: "image/png", size: Self.shotBytes.count)
        var failing = NotifyFixtures.failing("AppTests.CheckoutTests/testPay", attachments: [shot])
        failing.failureScreenshot = Self.shotPath
        let report = NotifyFixtures.report(0, tests: NotifyFixtures.suite(failing: [failing]))
        let file = OutputLayout(root: root).run(report.runID).appendingPathComponent(Self.shotPath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.shotBytes.write(to: file)
        return (report, root)
    }

    private func settings() -> NotifySettings {
        var settings = NotifySettings()
        settings.slackUpload = SlackUploadSettings(channel: "C0SMOKE")
        settings.slackUpload?.apiURL = "https://slack.test/api/"
        return settings
    }

    private func send(_ webhook: FakeWebhook, environment: [String: String] = ["SLACK_BOT_TOKEN": token]) async throws
        -> NotificationRecord
    {
        let (report, root) = try fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        return await Notifier(delivery: webhook.delivery).send(
            report: report, plan: NotificationPlan(kind: .failure), settings: settings(), outputDirectory: root,
            environment: environment)
    }

    private static func form(_ request: URLRequest) -> [String: String] {
        let text = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            fields[parts[0]] = parts.count > 1 ? parts[1].removingPercentEncoding : ""
        }
        return fields
    }

    @Test func theMessageIsPostedAndTheScreenshotUploadedIntoItsThread() async throws {
        let webhook = FakeWebhook([
            .status(200, body: #"{"ok": true, "channel": "C0SMOKE", "ts": "1795320000.000100"}"#),
            .status(
                200, body: #"{"ok": true, "upload_url": "https://files.slack.test/upload/v1/abc", "file_id": "F0SHOT"}"#
            ),
            .status(200, body: "OK - 9"),
            .status(200, body: #"{"ok": true, "files": [{"id": "F0SHOT"}]}"#),
        ])
        let record = try await send(webhook)
        #expect(record.outcome == .delivered)
        #expect(record.detail == "1 failure screenshot uploaded into the message's thread")
        #expect(record.target == "Slack API (slack.test) channel C0SMOKE with $SLACK_BOT_TOKEN")
        let requests = webhook.requests
        #expect(
            requests.map { $0.url?.absoluteString } == [
                "https://slack.test/api/chat.postMessage", "https://slack.test/api/files.getUploadURLExternal",
                "https://files.slack.test/upload/v1/abc", "https://slack.test/api/files.completeUploadExternal",
            ])
        // The token only in the API calls' Authorization header; the upload URL authorizes itself.
        #expect(
            requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer \(Self.token)", "Bearer \(Self.token)", nil, "Bearer \(Self.token)",
            ])
        let message = try #require(
            try JSONSerialization.jsonObject(with: requests[0].httpBody ?? Data()) as? [String: Any])
        #expect(message["channel"] as? String == "C0SMOKE")
        #expect((message["blocks"] as? [[String: Any]])?.isEmpty == false)
        #expect((message["text"] as? String)?.contains("smoke") == true)
        #expect(Self.form(requests[1]) == ["filename": "failure.png", "length": "9"])
        #expect(requests[2].httpBody == Self.shotBytes)
        let complete = Self.form(requests[3])
        #expect(complete["channel_id"] == "C0SMOKE" && complete["thread_ts"] == "1795320000.000100")
        #expect(complete["files"] == #"[{"id":"F0SHOT","title":"AppTests.CheckoutTests/testPay"}]"#)
    }

    @Test func slacksRefusalOfTheMessageIsAFailedRecordAndNothingIsUploaded() async throws {
        let webhook = FakeWebhook([.status(200, body: #"{"ok": false, "error": "channel_not_found"}"#)])
        let record = try await send(webhook)
        #expect(record.outcome == .failed)
        #expect(record.detail == "chat.postMessage: channel_not_found")
        #expect(record.httpStatus == 200)
        #expect(webhook.requestCount == 1)
    }

    @Test func aRefusedUploadKeepsTheMessageDeliveredAndSaysWhy() async throws {
        let webhook = FakeWebhook([
            .status(200, body: #"{"ok": true, "ts": "1.2"}"#),
            .status(200, body: #"{"ok": false, "error": "missing_scope \#(Self.token)"}"#),
        ])
        let record = try await send(webhook)
        #expect(record.outcome == .delivered)
        #expect(
            record.detail
                == "0 failure screenshots uploaded into the message's thread; not uploaded: files.getUploadURLExternal: missing_scope [token]"
        )
        #expect(webhook.requestCount == 2)
    }

    @Test func aNetworkErrorIsAFailedRecordWithoutTheToken() async throws {
        let webhook = FakeWebhook([.networkError(.cannotConnectToHost)])
        let record = try await send(webhook)
        #expect(record.outcome == .failed)
        #expect(record.detail == "chat.postMessage: network error: connection refused")
    }

    @Test func withoutTheTokenNothingIsSent() async throws {
        let webhook = FakeWebhook([.status(200, body: "{}")])
        let record = try await send(webhook, environment: [:])
        #expect(record.outcome == .suppressed)
        #expect(record.detail == "SLACK_BOT_TOKEN is not set; nothing sent")
        #expect(webhook.requestCount == 0)
    }
}
