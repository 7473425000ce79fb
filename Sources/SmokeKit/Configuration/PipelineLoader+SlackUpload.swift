import Foundation
import SmokeCore

extension PipelineLoader {
    /// `notify.slackUpload`: `{"tokenEnvironment": "SLACK_BOT_TOKEN", "channel": "C…", "apiURL": …}`.
    static func slackUpload(_ object: JSONObjectReader) throws(PipelineError) -> SlackUploadSettings {
        try object.allowOnly(["tokenEnvironment", "channel", "apiURL"])
        guard let channel = try object.string("channel")?.trimmingCharacters(in: .whitespaces), !channel.isEmpty else {
            throw object.error(
                "channel",
                """
                is required: the id of the channel to post into (e.g. C0123456789, from the channel's details in Slack)
                """
            )
        }
        guard !channel.hasPrefix("#"), !channel.contains(" ") else {
            throw object.error(
                "channel",
                "'\(channel)' is a channel name; give its id (e.g. C0123456789, from the channel's details in Slack)")
        }
        var upload = SlackUploadSettings(channel: channel)
        if let name = try object.string("tokenEnvironment") {
            guard !name.isEmpty, !name.hasPrefix("xox"), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                throw object.error(
                    "tokenEnvironment",
                    """
                    names the environment variable that holds the bot token (e.g. SLACK_BOT_TOKEN), never the token \
                    itself
                    """
                )
            }
            upload.tokenEnvironment = name
        }
        if let api = try object.string("apiURL") {
            guard let url = URL(string: api), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else {
                throw object.error(
                    "apiURL",
                    "'\(api)' is not an http(s) URL; leave it out for Slack's own \(SlackUploadSettings.defaultAPIURL)")
            }
            upload.apiURL = api
        }
        return upload
    }
}
