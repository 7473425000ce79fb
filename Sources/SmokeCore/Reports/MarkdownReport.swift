/// Renders `summary.md`: a run at a glance for a PR comment or `$GITHUB_STEP_SUMMARY`.
package struct MarkdownReport: ReportWriter {
    package var format: ReportFormat { .markdown }
    package static let fileName = "summary.md"
    package var fileName: String { Self.fileName }
    package var cost: ReportCost { .summary }

    package init() {}

    package func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink) {
        sink.append(Self.render(report, sources: context.sources, inputPresence: context.inputPresence))
    }

    /// Failures listed before "…and N more", so a comment stays under GitHub's size limit.
    static let failureLimit = 50
    /// Characters of a failure message shown in the table.
    static let messageLimit = 500

    /// Failure locations are project-relative (`sources`), never the build machine's absolute paths; `inputPresence`
    /// says what stands now at each input the summary names instead of a copy.
    package static func render(
        _ report: RunReport, sources: SourceLinks = SourceLinks(),
        inputPresence: [String: InputReference.Presence] = [:]
    ) -> String {
        var sections = [header(report)]
        if let inputs = inputLines(report, inputPresence: inputPresence) { sections.append(inputs) }
        if let notices = notices(report) { sections.append(notices) }
        sections.append(totalsTable(report.totals))
        let devices = DeviceGroups.totals(report.tests)
        if !devices.isEmpty { sections.append(devicesTable(devices)) }
        let failing = report.failingTests
        let real = failing.filter { report.quarantineEntry(for: $0) == nil }
        if let failures = failuresSection(real, runID: report.runID, sources: sources) { sections.append(failures) }
        if let suspects = suspectsSection(report) { sections.append(suspects) }
        if let culprit = culpritSection(report) { sections.append(culprit) }
        if let quarantined = quarantinedSection(failing, report: report, sources: sources) {
            sections.append(quarantined)
        }
        if let flaky = flakySection(report.tests) { sections.append(flaky) }
        if let skipped = skippedSection(report.tests) { sections.append(skipped) }
        if let coverage = report.coverage { sections.append(coverageLine(coverage)) }
        // A note (`isNote`) never changes a status: it is listed apart from the errors that stopped the run.
        let errors = report.errors.filter { !$0.isNote }
        let notes = report.errors.filter(\.isNote)
        if !errors.isEmpty { sections.append(errorsSection("Infrastructure errors", errors)) }
        if !notes.isEmpty { sections.append(errorsSection("Notes", notes)) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// "**Commit** `a1b2c3d4e5f6 on main` · **Host** buildbox · [CI run](…)", as messages and index.html say it.
    static func originLine(_ origin: RunOrigin?) -> String? {
        guard let origin else { return nil }
        var parts: [String] = []
        if let commit = origin.commitText { parts.append("**Commit** \(MarkdownText.code(commit))") }
        if let host = origin.host { parts.append("**Host** \(MarkdownText.escape(host))") }
        if let url = origin.ciRunURL, url.hasPrefix("https://") || url.hasPrefix("http://"), !url.contains(")") {
            parts.append("[CI run](\(url))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    private static func header(_ report: RunReport) -> String {
        let totals = report.totals
        let outcome: String
        switch report.status {
        case .passed: outcome = "passed"
        case .failed: outcome = "failed: \(totals.failing) of \(ReportText.count(totals.tests, "test")) failing"
        case .error:
            outcome =
                totals.tests == 0
                ? "could not run: infrastructure error"
                : "could not finish: infrastructure error after \(ReportText.count(totals.tests, "test")) ran, \(totals.failing) failing"
        case .interrupted: outcome = "interrupted"
        case .incomplete: outcome = ReportText.incompleteOutcome(report)
        }
        // The tests passed, the run did not: its coverage is below the minimum (exit 4).
        let belowMinimum = report.coverage?.linesBelowMinimum == true && report.status == .passed
        let symbol = belowMinimum ? "❌" : ReportText.symbol(report.status)
        let gate = belowMinimum ? ", line coverage below the minimum" : ""
        var lines = ["## \(symbol) \(MarkdownText.escape(report.pipeline)) \(outcome)\(gate)", ""]
        var facts = [
            "**Pipeline** \(MarkdownText.code(report.pipeline))",
            "**Run** \(MarkdownText.code(report.runID))",
            "**Device** \(MarkdownText.escape(ReportText.device(report.device)))",
            "**Duration** \(ReportText.duration(report.durationSeconds))",
        ]
        if let toolchain = report.toolchain { facts.append("**Toolchain** \(MarkdownText.escape(toolchain.version))") }
        lines.append(facts.joined(separator: " · "))
        if let origin = originLine(report.origin) {
            lines.append("")
            lines.append(origin)
        }
        if let seed = report.seed {
            lines.append("")
            let replay =
                report.ordering.orderControlled
                ? ReplayCommand.text(for: report).map { " — replay with `\($0)`" } ?? ""
                : " — \(ReplayCommand.notControlled)"
            lines.append("**Order** \(report.ordering.mode.rawValue), seed `\(seed)`\(replay)")
        } else {
            lines.append("")
            lines.append("**Order** \(report.ordering.mode.rawValue)")
        }
        return lines.joined(separator: "\n")
    }

    /// "**Input** `/ci/build.log` (209.7 MB, sha256 …) …": where a parsed run's output is (the run folder has no copy).
    private static func inputLines(
        _ report: RunReport, inputPresence: [String: InputReference.Presence]
    ) -> String? {
        let lines = InputReference.referenced(report).map { input in
            """
            **Input** \(MarkdownText.code(input.path)) (\(MarkdownText.escape(InputReference.fingerprint(input)))). \
            \(MarkdownText.escape(InputReference.state(inputPresence[input.path] ?? .present)))
            """
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n\n")
    }

    /// A disagreement with the frameworks' own totals, and how the inputs were read.
    private static func notices(_ report: RunReport) -> String? {
        var lines: [String] = []
        if let incomplete = report.incomplete {
            lines.append("> [!WARNING]")
            lines.append("> " + MarkdownText.escape(ReportText.incompleteNotice(incomplete)))
        }
        if let reconciliation = report.reconciliation, !reconciliation.differences.isEmpty {
            lines.append("> [!WARNING]")
            lines.append("> smokerun's totals disagree with the test framework's own summary:")
            lines += reconciliation.differences.map { "> - " + MarkdownText.escape($0) }
        }
        if let reconciliation = report.reconciliation, !reconciliation.unverified.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("> [!NOTE]")
            lines += reconciliation.unverifiedNotes.map { "> " + MarkdownText.escape($0) }
        }
        for input in report.inputs ?? [] {
            var parts: [String] = []
            if let prefix = input.strippedPrefix { parts.append("stripped a `\(prefix)` prefix from each line") }
            if input.unrecognizedLines > 0 {
                parts.append(
                    "\(ReportText.count(input.unrecognizedLines, "line")) not understood"
                        + (input.firstUnrecognizedLine.map { " (first: line \($0))" } ?? ""))
            }
            if !parts.isEmpty {
                if !lines.isEmpty { lines.append("") }
                lines.append(
                    """
                    _Input \(MarkdownText.code(input.path)) (\(MarkdownText.escape(input.format))): \
                    \(parts.joined(separator: "; "))._
                    """
                )
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private static func skippedSection(_ tests: [TestResult]) -> String? {
        var count = 0
        var listed: [Int] = []
        for index in tests.indices where tests[index].status == .skipped {
            count += 1
            if listed.count < failureLimit { listed.append(index) }
        }
        guard count > 0 else { return nil }
        var lines = ["### Skipped (\(count))", ""]
        for test in listed.map({ tests[$0] }) {
            let reason =
                ReportText.skipReason(test).map {
                    " — " + MarkdownText.escape(MarkdownText.truncate($0, to: messageLimit))
                } ?? ""
            lines.append("- \(MarkdownText.code(test.id))\(reason)")
        }
        if count > failureLimit { lines.append("- …and \(count - failureLimit) more") }
        return lines.joined(separator: "\n")
    }

    private static func totalsTable(_ totals: Totals) -> String {
        """
        | Tests | Passed | Failed | Crashed | Timed out | Skipped | Expected failures | Flaky |
        |---:|---:|---:|---:|---:|---:|---:|---:|
        | \(totals.tests) | \(totals.passed) | \(totals.failed) | \(totals.crashed) | \(totals.timedOut) | \(totals.skipped) | \(totals.expectedFailures) | \(totals.flaky) |
        """
            + (totals.interrupted > 0
                ? "\n\n\(totals.interrupted) interrupted (smokerun was stopped while they ran)." : "")
            + (totals.unfinished > 0
                ? "\n\n\(totals.unfinished) without a result (still running when the input ends): not failures." : "")
    }

    /// One row per device of a run pinning several: the reports grouped by device.
    private static func devicesTable(_ devices: [(device: String, totals: Totals)]) -> String {
        var lines = ["### Devices", "", "| Device | Tests | Passed | Failed |", "|---|---:|---:|---:|"]
        for (device, totals) in devices {
            let failed = totals.failed + totals.crashed + totals.timedOut
            lines.append("| \(MarkdownText.escape(device)) | \(totals.tests) | \(totals.passed) | \(failed) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func failuresSection(_ failing: [TestResult], runID: String, sources: SourceLinks) -> String? {
        guard !failing.isEmpty else { return nil }
        var lines = [
            "### Failures (\(failing.count))", "",
            "| Test | Status | Message | Location |", "|---|---|---|---|",
        ]
        for test in failing.prefix(failureLimit) {
            let (message, location) = failureCells(test, sources: sources)
            let more = test.failures.count > 1 ? " (+\(test.failures.count - 1) more)" : ""
            let order =
                test.orderDependence.map { "<br>" + $0.text(testID: test.id, runID: runID, code: MarkdownText.code) }
                ?? ""
            lines.append(
                """
                | \(testCell(test)) | \(ReportText.symbol(test.status)) \(ReportText.label(test.status)) | \
                \(message)\(more)\(screenshotLink(test))\(order) | \(location) |
                """)
        }
        return (lines + moreLine(failing.count)).joined(separator: "\n")
    }

    /// The headline failure's message and `file:line`, escaped for a table cell; empty when unknown.
    static func failureCells(_ test: TestResult, sources: SourceLinks) -> (message: String, location: String) {
        let first = test.headlineFailure
        let message = first.map { MarkdownText.escape(MarkdownText.truncate($0.message, to: messageLimit)) } ?? ""
        let location =
            first?.file.map { MarkdownText.code(sources.shortPath($0) + (first?.line.map { ":\($0)" } ?? "")) } ?? ""
        return (message, location)
    }

    /// A failing test's table cell: display name, id and device.
    static func testCell(_ test: TestResult) -> String {
        "\(displayed(test))\(MarkdownText.code(test.id))\(MarkdownText.escape(DeviceGroups.suffix(test)))"
    }

    /// "…and N more (see `report.json`)." after a table cut at `failureLimit` rows; nothing when none were cut.
    static func moreLine(_ count: Int) -> [String] {
        count > failureLimit ? ["", "…and \(count - failureLimit) more (see `report.json`)."] : []
    }

    /// " · [screenshot](attachments/…)": the failure moment, linked relative to the run directory.
    static func screenshotLink(_ test: TestResult) -> String {
        guard let path = test.failureScreenshot else { return "" }
        return " · [screenshot](\(HTMLAttachment.href(path)))"
    }

    private static func errorsSection(_ title: String, _ errors: [InfrastructureError]) -> String {
        var lines = ["### \(title) (\(errors.count))", ""]
        for error in errors {
            var item = "- " + MarkdownText.escape(error.message)
            if let command = error.command { item += " — \(MarkdownText.code(command.joined(separator: " ")))" }
            if let status = error.exitStatus { item += " (exit status \(status))" }
            lines.append(item)
            if !error.details.isEmpty {
                // A fence longer than any backtick run inside keeps compiler output verbatim.
                let body = error.details.map { String(String.UnicodeScalarView($0.unicodeScalars.map(XMLText.legal))) }
                let fence = String(repeating: "`", count: max(3, longestBacktickRun(body) + 1))
                lines.append("  " + fence)
                lines += body.map { "  " + $0 }
                lines.append("  " + fence)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func longestBacktickRun(_ lines: [String]) -> Int {
        var longest = 0
        for line in lines {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }

    /// A test's display name, before its id: `"Adds two numbers" `; empty when it has none.
    static func displayed(_ test: TestResult) -> String {
        test.displayName.map { "\(MarkdownText.escape("\"\($0)\""))<br>" } ?? ""
    }
}

extension ReportFormat {
    package static let markdown = ReportFormat(rawValue: "markdown")
}
