/// The few Block Kit blocks smokerun posts, encoded as Slack's incoming webhooks expect them.
package enum SlackBlock: Encodable, Sendable, Equatable {
    /// Plain text, at most `SlackText.headerLimit` characters.
    case header(String)
    /// mrkdwn text, at most `SlackText.sectionLimit` characters.
    case section(String)
    /// Up to ten short mrkdwn fields shown in two columns.
    case fields([String])
    /// Small grey mrkdwn lines, up to ten elements.
    case context([String])
    case divider
    /// A picture Slack fetches from a public URL (≤ 3,000 characters); `altText` plain, ≤ 2,000.
    case image(url: String, altText: String)

    private struct Text: Encodable {
        var type: String
        var text: String
        var emoji: Bool?
    }

    private enum Keys: String, CodingKey {
        case type, text, fields, elements
        case imageURL = "image_url"
        case altText = "alt_text"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .header(let text):
            try container.encode("header", forKey: .type)
            try container.encode(Text(type: "plain_text", text: text, emoji: true), forKey: .text)
        case .section(let text):
            try container.encode("section", forKey: .type)
            try container.encode(Text(type: "mrkdwn", text: text), forKey: .text)
        case .fields(let fields):
            try container.encode("section", forKey: .type)
            try container.encode(fields.map { Text(type: "mrkdwn", text: $0) }, forKey: .fields)
        case .context(let elements):
            try container.encode("context", forKey: .type)
            try container.encode(elements.map { Text(type: "mrkdwn", text: $0) }, forKey: .elements)
        case .divider:
            try container.encode("divider", forKey: .type)
        case .image(let url, let altText):
            try container.encode("image", forKey: .type)
            try container.encode(url, forKey: .imageURL)
            try container.encode(altText, forKey: .altText)
        }
    }
}

/// An incoming-webhook message: `text` is the fallback notifications and old clients show.
package struct SlackPayload: Encodable, Sendable, Equatable {
    package var text: String
    package var blocks: [SlackBlock]
}
