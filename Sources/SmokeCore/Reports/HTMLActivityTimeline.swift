import Foundation

/// A failing test's last activity steps as a short timeline under its failure message on `index.html`: escaped
/// titles, time since the first step shown, the failing step marked, links to its attachments. Styled inline. Pure.
enum HTMLActivityTimeline {
    /// "" for a test without steps.
    static func render(_ test: TestResult) -> String {
        guard let steps = test.activities, !steps.isEmpty else { return "" }
        let start = steps.compactMap(\.startedAt).first
        var html =
            """
            <div class="timeline"><p class="meta">Steps before the failure (last \
            \(ReportText.count(steps.count, "step")))</p>
            """
        html += "<ol style=\"list-style:none;margin:0;padding:0;font-size:13px;line-height:1.5\">"
        for step in steps {
            let indent = min(step.depth, 8) * 16
            let color = step.failed ? "color:#b42318;font-weight:600;" : ""
            html += "<li class=\"step\(step.failed ? " failed" : "")\" style=\"padding-left:\(indent)px;\(color)\">"
            let offset = both(step.startedAt, start).map { ReportText.duration(max($0.timeIntervalSince($1), 0)) }
            let offsetText = offset.map { "+" + XMLText.escape($0) } ?? ""
            html +=
                """
                <span class="meta" style="display:inline-block;min-width:64px;color:#667085;font-weight:400">\
                \(offsetText)</span>
                """
            html += (step.failed ? "✘ " : "") + XMLText.escape(step.title)
            // A chip per attachment: a link when it was stored, its name alone when not (payload missing).
            let chip = "style=\"background:#eef4ff;border-radius:4px;padding:0 4px;font-weight:400;font-size:12px\""
            let links = step.attachments.prefix(5).map { name in
                record(named: name, in: test).map {
                    "<a class=\"chip\" \(chip) href=\"\(HTMLAttachment.href($0.path))\">\(XMLText.escape($0.name))</a>"
                }
                    ?? "<span class=\"chip\" \(chip)>\(XMLText.escape(name))</span>"
            }
            if !links.isEmpty {
                html += " <span class=\"step-attachments\">" + links.joined(separator: " ") + "</span>"
            }
            html += "</li>"
        }
        return html + "</ol></div>\n"
    }

    /// The stored attachment a step names: the same name, or without the extension xcresulttool's export adds.
    static func record(named name: String, in test: TestResult) -> AttachmentRecord? {
        test.attachments.first { $0.name == name }
            ?? test.attachments.first { ($0.name as NSString).deletingPathExtension == name }
    }
}

private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
