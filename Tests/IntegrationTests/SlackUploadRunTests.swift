import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `notify.slackUpload` end to end: a run over the fake Xcode (scenario `ui-failure`) posts its message
/// to a fake Slack Web API on 127.0.0.1 and uploads the failure screenshot into the message's thread.
@Suite struct SlackUploadRunTests {
    static let token = "xoxb-4242-1717-integrationsecret"

    @Test func theFailureScreenshotIsUploadedIntoTheMessagesThreadAndTheTokenStaysOutOfTheRun() async throws {
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 500)], maxConnections: 10)
        defer { receiver.stop() }
        receiver.answer([
            .init(status: 200, body: #"{"ok": true, "channel": "C0SMOKE", "ts": "1795320000.000200"}"#),
            .init(
                status: 200,
                body:
                    #"{"ok": true, "upload_url": "http://127.0.0.1:\#(receiver.port)/upload/v1/F0SHOT", "file_id": "F0SHOT"}"#
            ),
            .init(status: 200, body: "OK"),
            .init(status: 200, body: #"{"ok": true, "files": [{"id": "F0SHOT"}]}"#),
        ])
        let api = "http://127.0.0.1:\(receiver.port)/api/"
        let (outcome, output) = try await FakeXcodeRun(
            scenario: "ui-failure",
            pipelineKeys:
                #""device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}, "notify": {"timeoutSeconds": 60, "slackUpload": {"channel": "C0SMOKE", "apiURL": "\#(api)"}}"#,
            environment: ["SLACK_BOT_TOKEN": Self.token, "SMOKERUN_WEBHOOK_URL": ""], notify: true
        ).run()
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let failed = try #require(outcome.report.tests.first { $0.id == FailureMomentRunTests.failingID })
        let shotPath = try #require(failed.failureScreenshot)
        let shotBytes = try Data(contentsOf: outcome.runDirectory.appendingPathComponent(shotPath))

        let requests = receiver.requests
        let record = try #require(outcome.report.notifications.last)
        try #require(requests.count == 4, "\(requests.map(\.requestLine)); notify: \(Notifier.describe(record))")
        #expect(
            requests.map(\.requestLine) == [
                "POST /api/chat.postMessage HTTP/1.1", "POST /api/files.getUploadURLExternal HTTP/1.1",
                "POST /upload/v1/F0SHOT HTTP/1.1", "POST /api/files.completeUploadExternal HTTP/1.1",
            ])
        #expect(
            requests.map { $0.headers["authorization"] } == [
                "Bearer \(Self.token)", "Bearer \(Self.token)", nil, "Bearer \(Self.token)",
            ])
        let message = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
        #expect(message["channel"] as? String == "C0SMOKE")
        let blocks = try #require(message["blocks"] as? [[String: Any]])
        let sections = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        #expect(sections.contains { $0.contains(FailureMomentRunTests.failingID) })
        #expect(
            String(decoding: requests[1].body, as: UTF8.self)
                == "filename=\(URL(fileURLWithPath: shotPath).lastPathComponent.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))!)&length=\(shotBytes.count)"
        )
        #expect(requests[2].body == shotBytes)
        let complete = String(decoding: requests[3].body, as: UTF8.self)
        #expect(
            complete.contains("thread_ts=1795320000.000200") && complete.contains("channel_id=C0SMOKE")
                && complete.contains("F0SHOT"))

        #expect(record.outcome == .delivered)
        #expect(record.detail == "1 failure screenshot uploaded into the message's thread")
        // The token is nowhere under the output folder: not in report.json, the history, any report.
        let files =
            FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.count > 3)
        for file in files {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            #expect(bytes.range(of: Data(Self.token.utf8)) == nil, "\(file.lastPathComponent) holds the token")
        }
    }
}
