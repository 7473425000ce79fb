/// `notify.slackUpload`: for teams without published artifacts, the message goes out through Slack's
/// Web API (`chat.postMessage`) with a bot token, and each failure screenshot is uploaded into its
/// thread. The token is a secret like the webhook URL: only the variable's name is kept.
package struct SlackUploadSettings: Sendable, Equatable {
    /// Slack's own Web API.
    package static let defaultAPIURL = "https://slack.com/api/"

    /// The environment variable holding the bot token (`xoxb-…`), never the token itself.
    package var tokenEnvironment: String = "SLACK_BOT_TOKEN"
    /// The channel id (`C…`) to post into.
    package var channel: String
    /// The Web API's base URL: another only for tests against a local receiver, or an Enterprise Grid host.
    package var apiURL: String = Self.defaultAPIURL

    package init(channel: String) {
        self.channel = channel
    }
}
