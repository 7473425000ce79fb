/// Escaping for GitHub-flavoured Markdown: test-provided text must render as text, never as
/// markup, links or a broken table.
enum MarkdownText {
    /// Inline text, safe inside a table cell: punctuation that starts markup is backslash-escaped,
    /// `<`/`>`/`&` become entities (GitHub would otherwise take them as HTML), line breaks become `<br>`.
    static func escape(_ text: String) -> String {
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

    /// A code span that survives backticks in the text and, in tables, pipes (GFM reads `\|` as `|`
    /// even inside code).
    static func code(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": body += "\\|"
            case "\n", "\r": body += " "
            default: body.unicodeScalars.append(XMLText.legal(scalar))
            }
        }
        let fence = body.contains("`") ? "``" : "`"
        let pad = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// At most `limit` characters, with an ellipsis when cut.
    static func truncate(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
