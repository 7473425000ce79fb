/// Slack's text rules: mrkdwn escaping, and cutting to its limits without breaking an escape sequence.
package enum SlackText {
    static let sectionLimit = 3000
    static let headerLimit = 150
    static let blockLimit = 50

    /// Escapes the three characters Slack's mrkdwn treats as control characters.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` escaped, cut so the escaped form has at most `limit` characters, ending in "…" when cut.
    static func escape(_ text: String, limit: Int) -> String {
        let full = escape(text)
        if full.count <= limit { return full }
        var cut = ""
        var length = 0
        for character in text {
            let piece = escape(String(character))
            if length + piece.count > limit - 1 { break }
            cut += piece
            length += piece.count
        }
        return cut + "…"
    }

    /// Plain text cut to `limit` characters, ending in "…" when cut.
    package static func truncate(_ text: String, limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 0))) + "…"
    }

    /// Text for a ``` block: escaped, with triple backticks broken so a test's message cannot close the block early.
    static func codeBlock(_ text: String, limit: Int) -> String {
        let body = escape(text.replacingOccurrences(of: "```", with: "`\u{200B}``"), limit: max(limit - 8, 1))
        return "```\n" + body + "\n```"
    }

    /// A mrkdwn link; the URL is escaped too, and `|` in the label would end it, so it is replaced.
    static func link(_ url: String, _ label: String) -> String {
        "<\(escape(url))|\(escape(label.replacingOccurrences(of: "|", with: "¦")))>"
    }
}
