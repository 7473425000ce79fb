/// `notify.slackUpload`: post via Slack's Web API with a bot token, uploading failure screenshots into the thread.
package struct SlackUploadSettings: Sendable, Equatable {
    package static let defaultAPIURL = "https://slack.com/api/"

    /// The environment variable holding the bot token (`xoxb-…`).
    package var tokenEnvironment: String = "SLACK_BOT_TOKEN"
    /// The channel id (`C…`) to post into.
    package var channel: String
    /// Another only for tests against a local receiver, or an Enterprise Grid host.
    package var apiURL: String = Self.defaultAPIURL

    package init(channel: String) {
        self.channel = channel
    }
}
