import Foundation

/// Renders `index.html`: one self-contained page (inline CSS, SVG icons, a small sorting and filtering script; no
/// external resources) with status, totals, failures first, flaky, skipped and slowest tests, suites, the test table,
/// attachments, coverage and errors. All test-provided text is escaped: test output is untrusted. Past the limits
/// below, failures and suites are embedded as compact data the page expands on request; passed tests are counted.
package struct HTMLReport: ReportWriter {
    package var format: ReportFormat { .html }
    package static let fileName = "index.html"
    package var fileName: String { Self.fileName }
    package var cost: ReportCost { .perTest }

    package init() {}

    package func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink) {
        sink.append(
            Self.render(
                report, sources: context.sources, attachmentContent: context.attachmentContent,
                inputPresence: context.inputPresence))
    }

    /// Passed tests listed by name in the table; above this, the suites table counts them.
    static let passedRowLimit = 2_000
    /// Failures shown as full cards; the others are embedded as one short line each, shown on request.
    static let failureCardLimit = 2_000
    /// Bytes of full failure cards; past it the other failures are listed in short, keeping the page under 10 MB.
    static let failureCardByteBudget = 3 << 20
    static let slowestCount = 50
    /// Suites written as table rows; the others are embedded as data, shown on request.
    static let suiteRowLimit = 500

    /// `attachmentContent` gives a stored attachment's bytes (nil when unreadable), asked only for images and text
    /// small enough to embed; `inputPresence` says what stands now at each input the page points at instead of a copy.
    package static func render(
        _ report: RunReport, sources: SourceLinks = SourceLinks(), attachmentContent: (AttachmentRecord) -> Data?,
        inputPresence: [String: InputReference.Presence] = [:]
    ) -> String {
        withoutActuallyEscaping(attachmentContent) { content in
            var attachments = HTMLAttachment(content: content)
            var body = banner(report) + notices(report)
            // A run that ran no test (a build error) shows its error, not a row of "0" tiles and an empty table.
            let ranTests = !report.tests.isEmpty
            body += ranTests ? totals(report) : "<p class=\"note\">No test ran.</p>\n"
            body += HTMLDevices.section(report.tests)
            // A note (`isNote`) never changes a status: it is listed apart from the errors that stopped the run.
            let notes = report.errors.filter(\.isNote)
            if notes.count < report.errors.count { body += errors(report.errors.filter { !$0.isNote }) }
            if !notes.isEmpty { body += errors(notes) }
            // Anchors use the position in the report: unique even when parsers left `order` at 0.
            let numbered = report.tests.indices.map { Numbered(tests: report.tests, position: $0) }
            // Real failures first, then those a quarantine covered (marked on their cards).
            let failing = numbered.filter { $0.test.status.isFailure }.partitionedByQuarantine(report)
            body += suspects(report)
            body += culprit(report)
            var cardCount = 0
            if !failing.isEmpty {
                body += failures(
                    failing, report: report, sources: sources, attachments: &attachments, cardCount: &cardCount)
            }
            body += flaky(numbered) + skipped(numbered, sources: sources) + slowest(numbered)
            if ranTests { body += suites(report.tests) + table(numbered, failureCards: cardCount) }
            body += otherAttachments(report.tests, attachments: &attachments)
            if let coverage = report.coverage { body += self.coverage(coverage) }
            body += console(report, inputPresence: inputPresence)
            let title = "\(report.pipeline) \(report.status.rawValue) — \(report.runID)"
            return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>\(h(title))</title>
                <style>\(HTMLReportStyle.css)</style>
                </head>
                <body>
                \(HTMLIcon.sprite)\(body)<footer>smokerun report, schema \(report.schemaVersion)</footer>
                <script>\(HTMLReportStyle.script)</script>
                </body>
                </html>

                """
        }
    }

    /// A test and its anchor, by position in the report.
    struct Numbered {
        let tests: [TestResult]
        let position: Int
        var anchor: String { "test-\(position + 1)" }
        var test: TestResult { tests[position] }
        var durationSeconds: Double { tests[position].durationSeconds }
    }

    /// A suite's counts and summed time, as the suites table shows them.
    struct SuiteRow {
        var name: String
        var totals: Totals
        var time: Double
    }

    static func icon(_ status: TestStatus) -> String {
        let style = StatusStyle.of(status)
        return "<span class=\"st \(style.tone)\">\(style.icon.use(label: style.label))</span>"
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
        if let file = report.pipelineFile { facts.append("pipeline <code>\(h(file))</code>") }
        let style = StatusStyle.of(report.status)
        var html = "<header class=\"banner \(report.status.rawValue)\">\n"
        html += "<h1>\(style.icon.use(label: style.label)) \(h(report.pipeline)) \(h(style.label))</h1>\n"
        html += "<p>\(facts.joined(separator: " · "))</p>\n"
        if let origin = originLine(report.origin) { html += "<p>\(origin)</p>\n" }
        if report.status == .incomplete { html += "<p>\(h(ReportText.incompleteOutcome(report)))</p>\n" }
        if let seed = report.seed {
            html += "<p>seed <code>\(seed)</code>"
            if let replay = ReplayCommand.text(for: report) { html += " — replay with <code>\(h(replay))</code>" }
            if !report.ordering.orderControlled { html += " — \(h(ReplayCommand.notControlled))" }
            html += "</p>\n"
        }
        return html + "</header>\n"
    }

    /// "commit `a1b2c3d4e5f6 on main` · host buildbox · CI run" (linked), as messages and summary.md say it.
    static func originLine(_ origin: RunOrigin?) -> String? {
        guard let origin else { return nil }
        var parts: [String] = []
        if let commit = origin.commitText { parts.append("commit <code>\(h(commit))</code>") }
        if let host = origin.host { parts.append("host \(h(host))") }
        if let url = origin.ciRunURL, url.hasPrefix("https://") || url.hasPrefix("http://") {
            parts.append("<a href=\"\(h(url))\">CI run</a>")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    private static func totals(_ report: RunReport) -> String {
        let totals = report.totals
        let cells: [(String, Int, String)] =
            [
                ("tests", totals.tests, ""), ("passed", totals.passed, "passed"), ("failed", totals.failed, "failed"),
                ("crashed", totals.crashed, "failed"), ("timed out", totals.timedOut, "failed"),
                ("skipped", totals.skipped, "skipped"), ("expected failures", totals.expectedFailures, ""),
                ("flaky", totals.flaky, "flaky"),
            ] + (totals.interrupted > 0 ? [("interrupted", totals.interrupted, "skipped")] : [])
            + (totals.unfinished > 0 ? [("without a result", totals.unfinished, "skipped")] : [])
        // A zero tile is `zero`: on a phone the tiles are one line of the counts that are not zero.
        var items = cells.map { "<div class=\"count \($0.1 > 0 ? $0.2 : "zero")\"><b>\($0.1)</b>\($0.0)</div>" }
        if let coverage = report.coverage {
            let below = coverage.linesBelowMinimum == true
            let label = coverage.minimumLines.map {
                below ? "line coverage, below the \($0)% minimum" : "line coverage (minimum \($0)%)"
            }
            items.append(
                "<div class=\"count\(below ? " failed" : "")\"><b>\(coverage.lines.percentText)</b>\(h(label ?? "line coverage"))</div>"
            )
        }
        return "<section class=\"totals\">\(items.joined())</section>\n"
    }

    /// The infrastructure errors, or the notes (all of `errors` are one or the other).
    private static func errors(_ errors: [InfrastructureError]) -> String {
        let isNote = errors.first?.isNote == true
        let (id, title, label) = isNote ? ("notes", "Notes", "note") : ("errors", "Infrastructure errors", "error")
        var html = "<section id=\"\(id)\"><h2>\(title) (\(errors.count))</h2>\n"
        for error in errors {
            html +=
                "<article class=\"card \(label)\"><h3>\(HTMLIcon.warning.use(label: label)) \(h(error.message))</h3>\n"
            if let command = error.command {
                html += "<p>command <code>\(h(command.joined(separator: " ")))</code></p>\n"
            }
            if let status = error.exitStatus { html += "<p>exit status \(status)</p>\n" }
            if !error.details.isEmpty { html += "<pre>\(h(error.details.joined(separator: "\n")))</pre>\n" }
            html += "</article>\n"
        }
        return html + "</section>\n"
    }

    /// `cardCount` is set to how many failures got a full card (the first ones, within the limit and byte budget).
    private static func failures(
        _ failing: [Numbered], report: RunReport, sources: SourceLinks, attachments: inout HTMLAttachment,
        cardCount: inout Int
    ) -> String {
        var html = ""
        cardCount = 0
        for item in failing.prefix(failureCardLimit) {
            guard html.utf8.count < failureCardByteBudget else { break }
            cardCount += 1
            let test = item.test
            let quarantine = report.quarantineEntry(for: test)
            let grey = quarantine == nil ? "" : " quarantined\" style=\"border-left-color:#8c959f"
            html += "<article class=\"card failed\(grey)\" id=\"\(item.anchor)\">\n"
            html +=
                "<h3>\(icon(test.status)) \(HTMLReport.displayed(test))\(h(test.id + DeviceGroups.suffix(test)))</h3>\n"
            var meta = [
                h(ReportText.label(test.status) + (quarantine == nil ? "" : ", quarantined")),
                h(ReportText.duration(of: test)), "#\(test.order)",
            ]
            if test.tries > 1 { meta.append(ReportText.count(test.tries, "attempt")) }
            html += "<p class=\"meta\">\(meta.joined(separator: " · "))</p>\n"
            if let quarantine { html += quarantineNote(quarantine) }
            if let evidence = test.evidence {
                html += "<p class=\"evidence\">evidence: \(h(evidence.description))</p>\n"
            }
            if let order = test.orderDependence {
                let said = order.text(testID: test.id, runID: report.runID) { "<code>\(h($0))</code>" }
                html += "<p class=\"evidence\">\(said)</p>\n"
            }
            var messages = ""
            if test.failures.isEmpty {
                messages +=
                    "<pre>\(h(test.status == .timedOut ? "Exceeded the test time limit" : "No message recorded"))</pre>\n"
            }
            for (index, failure) in test.failures.enumerated() {
                messages += "<div class=\"failure\">"
                if let file = failure.file {
                    let label =
                        test.status == .crashed && index == test.failures.count - 1
                        ? "first frame in your sources " : ""
                    messages +=
                        "<p class=\"location\">\(label)\(location(file: file, line: failure.line, sources: sources))</p>"
                }
                messages += "<pre>\(h(failure.message))</pre></div>\n"
            }
            html += HTMLFailureMoment.render(messages: messages, test: test, attachments: &attachments)
            if test.status == .crashed || test.status == .timedOut {
                html += "<p><a href=\"#console\">Console log</a> has everything the test process printed.</p>\n"
            }
            if !test.output.isEmpty {
                html += "<details><summary>Output (\(ReportText.count(test.output.count, "line")))</summary>"
                html += "<pre>\(h(test.output.joined(separator: "\n")))</pre></details>\n"
            }
            for record in HTMLFailureMoment.remaining(test) { html += attachments.render(record) }
            html += "</article>\n"
        }
        let quarantined = failing.filter { report.quarantineEntry(for: $0.test) != nil }.count
        let count = quarantined == 0 ? "\(failing.count)" : "\(failing.count - quarantined), \(quarantined) quarantined"
        var head = "<section id=\"failures\"><h2>Failures (\(count))</h2>\n"
        if failing.count > cardCount {
            head +=
                """
                <p>The first \(cardCount) failures in full, the other \(failing.count - cardCount) below them in \
                short.</p>\n
                """
            html += HTMLFailureData.render(failing.dropFirst(cardCount))
        }
        return head + html + "</section>\n"
    }

    private static func location(file: String, line: Int?, sources: SourceLinks) -> String {
        let shown = "<code>\(h(sources.display(file: file, line: line)))</code>"
        guard let url = sources.url(file: file, line: line) else { return shown }
        return "<a href=\"\(XMLText.escapeAttribute(url))\">\(shown)</a>"
    }

    static func h(_ text: String) -> String { XMLText.escape(text) }

    /// A test's display name, before its id, as its own line: empty when it has none.
    static func displayed(_ test: TestResult) -> String {
        test.displayName.map { "<span class=\"display-name\">\(h($0))</span><br>" } ?? ""
    }
}

extension ReportFormat {
    package static let html = ReportFormat(rawValue: "html")
}
