/// Escaping for GitHub-flavoured Markdown: test-provided text must render as text, never as
/// markup, links or a broken table.
package enum MarkdownText {
    /// Inline text, safe inside a table cell: punctuation that starts markup is backslash-escaped,
    /// `<`/`>`/`&` become entities (GitHub would otherwise take them as HTML), line breaks become `<br>`.
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#", "!": result += "\\" + String(scalar)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\r": continue
            case "\n": result += "<br>"
            default: result.unicodeScalars.append(XMLText.legal(scalar))
            }
        }
        return result
    }

    /// A code span that survives backticks and, in tables, pipes (GFM reads `\|` as `|` even inside code). CommonMark
    /// closes a span at the first run of as many backticks as opened it, so the fence is one longer than the text's
    /// longest run; a space pads text starting or ending with a backtick (or with spaces at both ends, stripped once).
    static func code(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": body += "\\|"
            case "\n", "\r": body += " "
            default: body.unicodeScalars.append(XMLText.legal(scalar))
            }
        }
        var longestRun = 0
        var run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let strippedSpaces = body.hasPrefix(" ") && body.hasSuffix(" ") && body.contains { $0 != " " }
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || strippedSpaces ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// At most `limit` characters, with an ellipsis when cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
