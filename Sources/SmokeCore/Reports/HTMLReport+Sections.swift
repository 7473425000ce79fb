import Foundation

/// The page's notices (disagreeing totals, how inputs were read) and lower sections: flaky, skipped, slowest,
/// suites, the test table, attachments, coverage, console tail.
extension HTMLReport {
    static func flaky(_ tests: [Numbered]) -> String {
        let flaky = tests.filter(\.test.flaky)
        guard !flaky.isEmpty else { return "" }
        var html =
            """
            <section id="flaky"><h2>\(HTMLIcon.flaky.use(label: "flaky")) Flaky \
            (\(flaky.count))</h2>\n<ul class="list">\n
            """
        for item in flaky {
            let attempts = item.test.attempts.map { attempt in
                """
                \(attempt.configuration.map { h($0) + ": " } ?? "")\(icon(attempt.status)) \
                \(h(ReportText.label(attempt.status))) \
                \(h(ReportText.duration(attempt.durationSeconds)))
                """
            }
            html += "<li><code>\(h(item.test.id))</code> — passed on attempt \(item.test.firstPassingTry): "
            html += attempts.joined(separator: " → ") + "</li>\n"
        }
        return html + "</ul></section>\n"
    }

    static func skipped(_ tests: [Numbered], sources: SourceLinks) -> String {
        let skipped = tests.filter { $0.test.status == .skipped }
        guard !skipped.isEmpty else { return "" }
        var html = "<section id=\"skipped\"><h2>Skipped (\(skipped.count))</h2>\n<ul class=\"list\">\n"
        for item in skipped.prefix(passedRowLimit) {
            let reason =
                ReportText.skipReason(item.test).map { " — \(h($0))" }
                ?? " — <span class=\"meta\">no reason given</span>"
            html += "<li>\(icon(.skipped)) <code>\(h(item.test.id))</code>\(reason)</li>\n"
        }
        if skipped.count > passedRowLimit {
            html += "<li>…and \(skipped.count - passedRowLimit) more (see report.json)</li>\n"
        }
        return html + "</ul></section>\n"
    }

    static func slowest(_ tests: [Numbered]) -> String {
        // The longest `slowestCount`, longest first, run order among equals.
        var slowest: [Numbered] = []
        for item in tests {
            let seconds = item.durationSeconds
            guard seconds > 0, slowest.count < slowestCount || seconds > slowest[slowest.count - 1].durationSeconds
            else { continue }
            let place = slowest.firstIndex { $0.durationSeconds < seconds } ?? slowest.count
            slowest.insert(item, at: place)
            if slowest.count > slowestCount { slowest.removeLast() }
        }
        guard !slowest.isEmpty else { return "" }
        var html = "<section id=\"slowest\"><h2>Slowest tests</h2>\n<ol class=\"list\">\n"
        for item in slowest {
            html += "<li>\(icon(item.test.status)) <code>\(h(item.test.id))</code> <span class=\"meta\">"
            html += "\(h(ReportText.duration(item.test.durationSeconds)))</span></li>\n"
        }
        return html + "</ol></section>\n"
    }

    /// One row per suite: its counts and time, failing suites first.
    static func suites(_ tests: [TestResult]) -> String {
        let groups = JUnitReport.groupIndicesBySuite(tests).map { group in
            var totals = Totals()
            var time = 0.0
            for index in group.indices {
                totals.add(tests[index].status, flaky: tests[index].flaky)
                time += tests[index].durationSeconds
            }
            return SuiteRow(name: group.name, totals: totals, time: time)
        }
        guard !groups.isEmpty else { return "" }
        let ordered = groups.filter { $0.totals.failing > 0 } + groups.filter { $0.totals.failing == 0 }
        let tableID = ordered.count > suiteRowLimit ? " id=\"suite-table\"" : ""
        var html = "<section id=\"suites\"><h2>Suites (\(groups.count))</h2>\n<table class=\"grid\"\(tableID)>\n"
        html +=
            """
            <thead><tr><th class="name">Suite</th><th>Tests</th><th>Passed</th><th>Failing</th><th>Skipped</th>\
            <th>Time</th></tr></thead>\n<tbody>\n
            """
        for group in ordered.prefix(suiteRowLimit) {
            let totals = group.totals
            let time = group.time
            let status: TestStatus = totals.failing > 0 ? .failed : totals.passed > 0 ? .passed : .skipped
            html +=
                """
                <tr><td class="name">\(icon(status)) \(h(group.name))</td><td>\(totals.tests)</td>\
                <td>\(totals.passed)</td>
                """
            html +=
                "<td>\(totals.failing)</td><td>\(totals.skipped)</td><td>\(h(ReportText.duration(time)))</td></tr>\n"
        }
        html += "</tbody>\n</table>"
        if ordered.count > suiteRowLimit { html += "\n" + HTMLSuiteData.render(ordered.dropFirst(suiteRowLimit)) }
        return html + "</section>\n"
    }

    /// Every test (passed ones up to `passedRowLimit`), sortable by any column and filterable.
    static func table(_ tests: [Numbered], failureCards: Int) -> String {
        let passedCount = tests.filter { $0.test.status == .passed && !$0.test.flaky }.count
        let skippedCount = tests.filter { $0.test.status == .skipped }.count
        let listQuiet = passedCount + skippedCount <= passedRowLimit
        // Failures past the card limit have their short line under Failures, not a row here.
        var failingRows = 0
        let rows = tests.filter { item in
            if item.test.status.isFailure {
                failingRows += 1
                return failingRows <= failureCards
            }
            return listQuiet || ((item.test.status != .passed || item.test.flaky) && item.test.status != .skipped)
        }
        var html = "<section id=\"tests\"><h2>Tests (\(tests.count))</h2>\n"
        if failingRows > failureCards {
            html += """
                <p class="note">\(failingRows - failureCards) failures past the first \(failureCards) are listed in \
                short under <a href="#failures">Failures</a>, not as rows here.</p>\n
                """
        }
        if !listQuiet {
            html += """
                <p class="note" id="summarized">\(ReportText.count(passedCount + skippedCount, "test")) summarized: \
                \(passedCount) passed and \(skippedCount) skipped tests are counted per suite above (with their \
                time), not listed one by one; report.json and junit.xml list every test.</p>\n
                """
        }
        html +=
            """
            <div class="filters">\
            <input id="filter" type="search" placeholder="Filter by name" aria-label="Filter tests by name">
            """
        html +=
            """
            <select id="status-filter" aria-label="Filter tests by status"><option value="">all statuses</option>
            """
        for status in TestStatus.allCases where rows.contains(where: { $0.test.status == status }) {
            html += "<option value=\"\(status.rawValue)\">\(h(ReportText.label(status)))</option>"
        }
        html += "</select> <span class=\"meta\">click a column to sort</span></div>\n"
        html +=
            """
            <table class="grid" id="test-table">\n<thead><tr><th class="num">#</th><th class="status">Status</th>
            """
        html +=
            """
            <th class="name">Test</th><th class="suite">Suite</th><th class="num">Time</th><th class="num">Tries</th>\
            </tr></thead>\n<tbody>\n
            """
        for item in rows {
            let test = item.test
            let name = test.status.isFailure ? "<a href=\"#\(item.anchor)\">\(h(test.name))</a>" : h(test.name)
            let flaky = test.flaky ? " <span class=\"tag flaky\">flaky</span>" : ""
            html +=
                "<tr class=\"\(test.status.rawValue)\" data-status=\"\(test.status.rawValue)\"><td>\(test.order)</td>"
            html += "<td>\(icon(test.status)) \(h(ReportText.label(test.status)))\(flaky)</td>"
            html += "<td>\(name)</td><td>\(h(test.suite))</td>"
            html +=
                "<td data-v=\"\(ReportText.seconds(test.durationSeconds))\">\(h(ReportText.duration(of: test)))</td>"
            html += "<td>\(test.tries)</td></tr>\n"
        }
        return html + "</tbody>\n</table></section>\n"
    }

    /// Attachments of tests that did not fail (failing tests show theirs with the failure).
    static func otherAttachments(_ tests: [TestResult], attachments: inout HTMLAttachment) -> String {
        let owners = tests.filter { !$0.status.isFailure && !$0.attachments.isEmpty }
        guard !owners.isEmpty else { return "" }
        var html = "<section id=\"attachments\"><h2>Attachments</h2>\n"
        for test in owners {
            html +=
                "<h3>\(icon(test.status)) \(HTMLReport.displayed(test))\(h(test.id + DeviceGroups.suffix(test)))</h3>\n"
            for record in test.attachments { html += attachments.render(record) }
        }
        return html + "</section>\n"
    }

    static func coverage(_ coverage: CoverageSummary) -> String {
        let rows = [
            ("Lines", coverage.lines), ("Functions", coverage.functions),
            ("Regions", coverage.regions), ("Branches", coverage.branches),
        ]
        var html = "<section id=\"coverage\"><h2>Coverage</h2>\n<table class=\"grid coverage\">\n"
        html +=
            """
            <thead><tr><th>Kind</th><th>Covered</th><th>Total</th><th>Percent</th><th class="bar"></th></tr>\
            </thead>\n<tbody>\n
            """
        for (name, count) in rows {
            html += "<tr><td>\(name)</td><td>\(count.covered)</td><td>\(count.count)</td>"
            html += "<td>\(count.percentText)</td>"
            if count.count == 0 {
                html += "<td class=\"bar\"><em class=\"meta\">nothing to cover</em></td></tr>\n"
            } else {
                let width = String(format: "%.1f", min(max(count.percent, 0), 100))
                html += "<td class=\"bar\"><span style=\"width:\(width)%\"></span></td></tr>\n"
            }
        }
        return html + "</tbody>\n</table></section>\n"
    }

    /// Where the full output lives: `console.log` beside the page, or the parsed input it was read from, which the
    /// run folder holds no copy of (`InputReference`).
    static func console(_ report: RunReport, inputPresence: [String: InputReference.Presence] = [:]) -> String {
        var html = "<section id=\"console\"><h2>Console log</h2>\n<p>"
        let referenced = InputReference.referenced(report)
        if report.artifacts.contains(RunDirectory.consoleLogName) {
            let name = RunDirectory.consoleLogName
            html += "<a href=\"\(name)\">\(name)</a> holds everything the test processes printed, unaltered."
        } else if !referenced.isEmpty {
            html += referenced.map { input in
                let presence = inputPresence[input.path] ?? .present
                let name = "<code>\(h(input.path))</code>"
                let link = presence == .present ? InputReference.fileURL(input.path) : nil
                let shown = link.map { "<a href=\"\(h($0))\">\(name)</a>" } ?? name
                // In code: a hash is one long word, which code wraps anywhere on a narrow screen.
                return "Read from \(shown) (<code>\(h(InputReference.fingerprint(input)))</code>). "
                    + h(InputReference.state(presence))
            }.joined(separator: "</p>\n<p>")
        } else {
            html += "This run kept no console log."
        }
        return html + "</p></section>\n"
    }

    /// A disagreement between smokerun's totals and the frameworks' own, and how the inputs were read.
    static func notices(_ report: RunReport) -> String {
        var html = ""
        if let incomplete = report.incomplete {
            html += "<section class=\"warn\" id=\"incomplete\">\(HTMLIcon.warning.use(label: "warning")) "
            html += "<b>\(h(ReportText.incompleteNotice(incomplete)))</b></section>\n"
        }
        if let reconciliation = report.reconciliation, !reconciliation.differences.isEmpty {
            html += "<section class=\"warn\" id=\"reconciliation\">\(HTMLIcon.warning.use(label: "warning")) "
            html += "<b>smokerun's totals disagree with the test framework's own summary.</b><ul>"
            html += reconciliation.differences.map { "<li>\(h($0))</li>" }.joined()
            html += "</ul></section>\n"
        }
        if let reconciliation = report.reconciliation, !reconciliation.unverified.isEmpty {
            html +=
                "<p class=\"note\" id=\"unverified\">\(reconciliation.unverifiedNotes.map(h).joined(separator: "<br>"))</p>\n"
        }
        let notes = (report.inputs ?? []).compactMap(inputNote)
        if !notes.isEmpty { html += "<p class=\"note\">\(notes.joined(separator: "<br>"))</p>\n" }
        return html
    }

    static func inputNote(_ input: InputRecord) -> String? {
        var parts: [String] = []
        if let prefix = input.strippedPrefix {
            parts.append("stripped a <code>\(h(prefix))</code> prefix from each line")
        }
        if input.unrecognizedLines > 0 {
            var text = "\(h(ReportText.count(input.unrecognizedLines, "line"))) not understood"
            if let first = input.firstUnrecognizedLine { text += " (first: line \(first))" }
            parts.append(text)
        }
        guard !parts.isEmpty else { return nil }
        return "Input <code>\(h(input.path))</code> (\(h(input.format))): " + parts.joined(separator: "; ")
    }
}
