import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `notify.slackUpload`: read with its defaults, and every mistake names its key.
@Suite struct SlackUploadKeysTests {
    private func parse(_ notify: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(
            Data(#"{"name": "s", "swiftpm": {}, "notify": \#(notify)}"#.utf8), file: "Pipelines/test.json")
    }

    @Test func withoutTheKeyMessagesGoToTheWebhook() throws {
        #expect(try parse("{}").notify.slackUpload == nil)
    }

    @Test func theChannelAloneTakesSlacksAPIAndTheDefaultTokenVariable() throws {
        let upload = try #require(try parse(#"{"slackUpload": {"channel": "C0123456789"}}"#).notify.slackUpload)
        #expect(upload == SlackUploadSettings(channel: "C0123456789"))
        #expect(upload.tokenEnvironment == "SLACK_BOT_TOKEN" && upload.apiURL == "https://slack.com/api/")
    }

    @Test func everyKeyIsRead() throws {
        let upload = try #require(
            try parse(
                #"{"slackUpload": {"channel": "C1", "tokenEnvironment": "SMOKE_BOT", "apiURL": "http://127.0.0.1:9/api/"}}"#
            ).notify.slackUpload)
        #expect(
            upload.tokenEnvironment == "SMOKE_BOT" && upload.apiURL == "http://127.0.0.1:9/api/"
                && upload.channel == "C1")
    }

    @Test(arguments: [
        (#"{"slackUpload": {}}"#, "'notify.slackUpload.channel': is required"),
        (
            ##"{"slackUpload": {"channel": "#smoke"}}"##,
            "'notify.slackUpload.channel': '#smoke' is a channel name; give its id"
        ),
        (
            #"{"slackUpload": {"channel": "C1", "tokenEnvironment": "xoxb-123-456"}}"#,
            "'notify.slackUpload.tokenEnvironment': names the environment variable"
        ),
        (
            #"{"slackUpload": {"channel": "C1", "apiURL": "slack.com"}}"#,
            "'notify.slackUpload.apiURL': 'slack.com' is not an http(s) URL"
        ),
        (#"{"slackUpload": {"channel": "C1", "token": "x"}}"#, "'notify.slackUpload.token': unknown key"),
        (#"{"slackUpload": "C1"}"#, "'notify.slackUpload': expected an object"),
        (#"{"format": "json", "slackUpload": {"channel": "C1"}}"#, "'notify.slackUpload': posts Slack messages"),
    ])
    func mistakesNameTheKey(notify: String, expected: String) {
        let error = #expect(throws: PipelineError.self) { try parse(notify) }
        #expect(error?.errorDescription?.contains(expected) == true, "\(error?.errorDescription ?? "")")
    }
}
