import Foundation

/// Renders `index.html`: one self-contained page (inline CSS, no scripts, no external resources)
/// with the status, totals, failures first, every test, attachments, coverage and errors.
/// All test-provided text is escaped: test output is untrusted.
package enum HTMLReport {
    /// - Parameter attachmentContent: the bytes of a stored attachment, or nil when unreadable;
    ///   asked only for images and text small enough to embed.
    package static func render(_ report: RunReport, attachmentContent: (AttachmentRecord) -> Data?) -> String {
        withoutActuallyEscaping(attachmentContent) { content in
            var attachments = HTMLAttachment(content: content)
            var body = banner(report) + totals(report.totals)
            if !report.errors.isEmpty { body += errors(report.errors) }
            // Anchors use the position in the report: unique even when parsers left `order` at 0.
            let numbered = report.tests.enumerated().map { (anchor: "test-\($0.offset + 1)", test: $0.element) }
            let failing = numbered.filter { $0.test.status.isFailure }
            if !failing.isEmpty { body += failures(failing, attachments: &attachments) }
            body += allTests(numbered)
            body += otherAttachments(report.tests, attachments: &attachments)
            if let coverage = report.coverage { body += self.coverage(coverage) }
            let title = "\(report.pipeline) \(report.status.rawValue) — \(report.runID)"
            return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>\(h(title))</title>
                <style>\(style)</style>
                </head>
                <body>
                \(body)<footer>smokerun report, schema \(report.schemaVersion)</footer>
                </body>
                </html>

                """
        }
    }

    private static func banner(_ report: RunReport) -> String {
        var facts = [
            "run <code>\(h(report.runID))</code>",
            "device \(h(ReportText.device(report.device)))",
            "started \(h(ReportText.timestamp(report.startedAt)))",
            "duration \(h(ReportText.duration(report.durationSeconds)))",
            "order \(h(report.ordering.mode.rawValue))",
        ]
        if let toolchain = report.toolchain { facts.append("toolchain \(h(toolchain.version))") }
        var html = "<header class=\"banner \(report.status.rawValue)\">\n"
        html += "<h1>\(ReportText.symbol(report.status)) \(h(report.pipeline)) \(h(report.status.rawValue))</h1>\n"
        html += "<p>\(facts.joined(separator: " · "))</p>\n"
        if let seed = report.seed, let replay = ReportText.replayCommand(report) {
            html += "<p>seed <code>\(seed)</code> — replay with <code>\(h(replay))</code></p>\n"
        }
        return html + "</header>\n"
    }

    private static func totals(_ totals: Totals) -> String {
        let cells: [(String, Int, String)] = [
            ("tests", totals.tests, ""), ("passed", totals.passed, "passed"), ("failed", totals.failed, "failed"),
            ("crashed", totals.crashed, "failed"), ("timed out", totals.timedOut, "failed"),
            ("skipped", totals.skipped, "skipped"), ("expected failures", totals.expectedFailures, ""),
            ("flaky", totals.flaky, "flaky"),
        ] + (totals.interrupted > 0 ? [("interrupted", totals.interrupted, "skipped")] : [])
        let items = cells.map { "<div class=\"count \($0.2)\"><b>\($0.1)</b>\($0.0)</div>" }
        return "<section class=\"totals\">\(items.joined())</section>\n"
    }

    private static func errors(_ errors: [InfrastructureError]) -> String {
        var html = "<section id=\"errors\"><h2>Infrastructure errors (\(errors.count))</h2>\n"
        for error in errors {
            html += "<article class=\"test error\"><h3>\(h(error.message))</h3>\n"
            if let command = error.command { html += "<p>command <code>\(h(command.joined(separator: " ")))</code></p>\n" }
            if let status = error.exitStatus { html += "<p>exit status \(status)</p>\n" }
            if !error.details.isEmpty { html += "<pre>\(h(error.details.joined(separator: "\n")))</pre>\n" }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }

    private static func failures(_ failing: [(anchor: String, test: TestResult)], attachments: inout HTMLAttachment) -> String {
        var html = "<section id=\"failures\"><h2>Failures (\(failing.count))</h2>\n"
        for (anchor, test) in failing {
            html += "<article class=\"test failed\" id=\"\(anchor)\">\n"
            html += "<h3>\(ReportText.symbol(test.status)) \(h(test.id))</h3>\n"
            html += "<p class=\"meta\">\(h(ReportText.label(test.status))) · \(h(ReportText.duration(test.durationSeconds)))"
            html += " · #\(test.order)\(test.attempts.count > 1 ? " · \(test.attempts.count) attempts" : "")</p>\n"
            for failure in test.failures {
                html += "<div class=\"failure\">"
                if let location = failure.location { html += "<code class=\"location\">\(h(location))</code>" }
                html += "<pre>\(h(failure.message))</pre></div>\n"
            }
            if !test.output.isEmpty {
                html += "<details><summary>Output (\(test.output.count) lines)</summary>"
                html += "<pre>\(h(test.output.joined(separator: "\n")))</pre></details>\n"
            }
            for record in test.attachments { html += attachments.render(record) }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }

    private static func allTests(_ tests: [(anchor: String, test: TestResult)]) -> String {
        var html = "<section id=\"tests\"><h2>All tests (\(tests.count))</h2>\n<table>\n"
        html += "<thead><tr><th>#</th><th>Status</th><th>Test</th><th>Suite</th><th>Duration</th><th>Attempts</th></tr></thead>\n<tbody>\n"
        for (anchor, test) in tests {
            let name = test.status.isFailure ? "<a href=\"#\(anchor)\">\(h(test.id))</a>" : h(test.id)
            let flaky = test.flaky ? " <span class=\"tag flaky\">flaky</span>" : ""
            html += "<tr class=\"\(test.status.rawValue)\"><td>\(test.order)</td>"
            html += "<td>\(ReportText.symbol(test.status)) \(h(ReportText.label(test.status)))\(flaky)</td>"
            html += "<td>\(name)</td><td>\(h(test.suite))</td><td>\(h(ReportText.duration(test.durationSeconds)))</td>"
            html += "<td>\(max(test.attempts.count, 1))</td></tr>\n"
        }
        return html + "</tbody>\n</table></section>\n"
    }

    /// Attachments of tests that did not fail (failing tests show theirs with the failure).
    private static func otherAttachments(_ tests: [TestResult], attachments: inout HTMLAttachment) -> String {
        let owners = tests.filter { !$0.status.isFailure && !$0.attachments.isEmpty }
        guard !owners.isEmpty else { return "" }
        var html = "<section id=\"attachments\"><h2>Attachments</h2>\n"
        for test in owners {
            html += "<h3>\(ReportText.symbol(test.status)) \(h(test.id))</h3>\n"
            for record in test.attachments { html += attachments.render(record) }
        }
        return html + "</section>\n"
    }

    private static func coverage(_ coverage: CoverageSummary) -> String {
        let rows = [
            ("Lines", coverage.lines), ("Functions", coverage.functions),
            ("Regions", coverage.regions), ("Branches", coverage.branches),
        ]
        var html = "<section id=\"coverage\"><h2>Coverage</h2>\n<table>\n"
        html += "<thead><tr><th>Kind</th><th>Covered</th><th>Total</th><th>Percent</th><th></th></tr></thead>\n<tbody>\n"
        for (name, count) in rows {
            let width = String(format: "%.1f", min(max(count.percent, 0), 100))
            html += "<tr><td>\(name)</td><td>\(count.covered)</td><td>\(count.count)</td>"
            html += "<td>\(ReportText.percent(count.percent))</td>"
            html += "<td class=\"bar\"><span style=\"width:\(width)%\"></span></td></tr>\n"
        }
        return html + "</tbody>\n</table></section>\n"
    }

    private static func h(_ text: String) -> String { XMLText.escape(text) }

    private static let style = """
        body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:0 16px 32px;color:#1f2328}
        .banner{padding:12px 18px;border-radius:0 0 8px 8px;color:#fff}
        .banner.passed{background:#1a7f37}.banner.failed{background:#cf222e}
        .banner.error{background:#9a6700}.banner.interrupted{background:#57606a}
        .banner h1{margin:0 0 4px;font-size:22px}.banner p{margin:2px 0}.banner code{color:#fff}
        .totals{display:flex;flex-wrap:wrap;gap:8px;margin:16px 0}
        .count{border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;min-width:70px;text-align:center}
        .count b{display:block;font-size:20px}.count.failed b{color:#cf222e}.count.passed b{color:#1a7f37}
        .count.flaky b{color:#9a6700}
        .test{border:1px solid #d0d7de;border-left:4px solid #cf222e;border-radius:6px;padding:4px 12px;margin:10px 0}
        .test.error{border-left-color:#9a6700}
        .meta{color:#57606a}.location{display:block;margin-top:6px}
        pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-word}
        table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eaeef2}
        tr.failed,tr.crashed,tr.timedOut{background:#ffebe9}tr.skipped{color:#57606a}
        .tag{font-size:11px;border-radius:8px;padding:0 6px}.tag.flaky{background:#fff8c5}
        figure.attachment{margin:8px 0}figure img{max-width:100%;max-height:600px;border:1px solid #d0d7de}
        .bar{width:40%}.bar span{display:block;height:10px;background:#1a7f37}
        footer{margin-top:24px;color:#57606a;font-size:12px}
        """
}
