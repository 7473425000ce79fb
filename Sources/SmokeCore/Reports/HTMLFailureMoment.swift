/// The failure moment on `index.html`: a failing test's messages with its failure screenshot beside them, so a
/// reader sees the screen when it failed. Styled inline: it needs nothing from the page's style sheet.
enum HTMLFailureMoment {
    /// `messages` (already HTML), beside the screenshot when there is one, then the activity timeline if any.
    static func render(messages: String, test: TestResult, attachments: inout HTMLAttachment) -> String {
        let messages = messages + HTMLActivityTimeline.render(test)
        guard let path = test.failureScreenshot, let record = test.attachments.first(where: { $0.path == path }) else {
            return messages
        }
        let shot = attachments.render(record)
        return """
            <div class="moment" style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">\
            <div class="messages" style="flex:1 1 380px;min-width:0">\(messages)</div>\
            <div class="failure-screenshot" style="flex:0 1 360px"><p class="meta">Screenshot of the \
            failure</p>\(shot)</div></div>\n
            """
    }

    /// The test's other attachments, listed after the failure (the screenshot is already shown).
    static func remaining(_ test: TestResult) -> [AttachmentRecord] {
        test.attachments.filter { $0.path != test.failureScreenshot }
    }
}
