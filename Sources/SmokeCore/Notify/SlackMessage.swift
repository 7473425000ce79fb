import Foundation

/// The `slack` format: an incoming-webhook message with a `text` fallback and Block Kit blocks,
/// within Slack's limits (section text ≤ 3,000 characters, ≤ 50 blocks, header ≤ 150, `& < >` escaped).
package struct SlackMessage: MessageFormat {
    package var format: NotifyFormat { .slack }

    package func body(for report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks)
        -> Data
    {
        Self.body(report: report, plan: plan, links: links, sources: sources)
    }

    package func testBody(pipeline: String, host: String) -> Data {
        TestNotification.encode(["text": TestNotification.text(pipeline: pipeline, host: host)])
    }

    package func culpritBody(_ followUp: CulpritFollowUp) -> Data {
        TestNotification.encode(["text": SlackText.escape(followUp.text, limit: SlackText.sectionLimit)])
    }

    /// Failing tests shown one per block; the rest are counted in "…and N more".
    package static let listedFailures = 10
    /// Names listed in one line (flaky, recovered) before "…and N more".
    static let listedNames = 20
    static let listedErrors = 5

    static func body(
        report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks = SourceLinks()
    ) -> Data {
        let payload = payload(
            report: report, plan: plan, links: links, listedFailures: listedFailures, sources: sources)
        // Encoding these value types cannot fail; an empty body would be rejected visibly by Slack.
        return (try? JSONCoding.encoder(pretty: true).encode(payload)) ?? Data()
    }

    /// `listedFailures` tests are shown one per block (the block limit still holds); paths relative to `sources`.
    package static func payload(
        report: RunReport, plan: NotificationPlan, links: ArtifactLinks, listedFailures: Int,
        sources: SourceLinks = SourceLinks()
    ) -> SlackPayload {
        let headline = NotificationWording.headline(report: report, plan: plan)
        let project = NotificationWording.project(report, sources: sources)
        var blocks: [SlackBlock] = [
            .header(SlackText.truncate("\(icon(plan, report)) \(project): \(headline)", limit: SlackText.headerLimit)),
            .fields(SlackRunFields.fields(report, links)),
        ]
        if report.totals.tests > 0 {
            blocks.append(
                .section(SlackText.escape(NotificationWording.counts(report.totals), limit: SlackText.sectionLimit)))
        }
        let tail = [
            plan.kind == .recovery ? nil : recoveredBlock(plan), suspectsBlock(plan), flakyBlock(report),
            quarantinedBlock(report), SlackRunFields.linksBlock(links),
        ]
        .compactMap { $0 }
        // Failures get what the other blocks leave: a divider, their sections (and screenshots) and "…and N more".
        let failureRoom = FailureRoom(
            tests: listedFailures, blocks: SlackText.blockLimit - blocks.count - tail.count - 2)
        switch plan.kind {
        case .failure, .reminder:
            blocks += failureBlocks(report, plan, links, sources, failureRoom)
        case .infrastructure:
            // Tests that ran and failed are named, whatever kept the run from finishing (a history it could not write).
            let errors = infrastructureBlocks(report)
            if report.totals.failing > 0 {
                let room = FailureRoom(
                    tests: listedFailures, blocks: SlackText.blockLimit - blocks.count - tail.count - errors.count - 2)
                blocks += failureBlocks(report, plan, links, sources, room)
            }
            blocks += errors
        case .recovery:
            blocks += recoveryBlocks(report, plan)
        case .always:
            if report.status == .error { blocks += infrastructureBlocks(report) }
            if report.status == .failed { blocks += failureBlocks(report, plan, links, sources, failureRoom) }
        }
        blocks += tail
        let text = SlackText.escape(
            "\(project): \(headline) (run \(report.runID))", limit: SlackText.sectionLimit)
        return SlackPayload(text: text, blocks: capped(blocks))
    }

    private static func icon(_ plan: NotificationPlan, _ report: RunReport) -> String {
        switch plan.kind {
        case .failure, .reminder: ":x:"
        case .infrastructure: ":warning:"
        // A quarantined test still fails: a recovery beside it is no all-clear.
        case .recovery: report.failingTests.isEmpty ? ":white_check_mark:" : ":warning:"
        case .always: report.status == .passed ? ":white_check_mark:" : ":x:"
        }
    }

    /// How many failing tests may be listed, and in how many blocks.
    struct FailureRoom {
        var tests: Int
        var blocks: Int
    }

    /// One section per failing test, each followed by its published screenshot, while `room` holds; then "…and N more".
    private static func failureBlocks(
        _ report: RunReport, _ plan: NotificationPlan, _ links: ArtifactLinks, _ sources: SourceLinks,
        _ room: FailureRoom
    ) -> [SlackBlock] {
        // A quarantined failure is listed apart (`quarantinedBlock`), never as one of the run's failures.
        let failing = report.failingTests.filter { report.quarantineEntry(for: $0) == nil }
        guard !failing.isEmpty else { return [] }
        var blocks: [SlackBlock] = [.divider]
        var listed = 0
        for test in failing.prefix(max(room.tests, 0)) {
            let shot = SlackFailureScreenshot(test: test, links: links)
            let cost = shot.image == nil ? 1 : 2
            guard blocks.count - 1 + cost <= room.blocks else { break }
            var text = failureText(test, plan: plan, report: report, links: links, sources: sources) + shot.note
            // The test's dashboard page: its history, since when and since which commit it fails.
            if let page = links.dashboardPage(pipeline: report.pipeline, key: test.deviceKey) {
                let link = SlackText.link(page, "history")
                if text.count + link.count < SlackText.sectionLimit { text += "\n" + link }
            }
            blocks.append(.section(text))
            if let image = shot.image { blocks.append(image) }
            listed += 1
        }
        if failing.count > listed {
            let more = "…and \(failing.count - listed) more failing tests"
            blocks.append(.section(links.best.map { "\(more): \(SlackText.link($0, "full report"))" } ?? more))
        }
        return blocks
    }

    /// "❌ `id` on _iPhone 15_ (crashed) · NEW" (the device only on a multi-device run), the first message as code,
    /// `file:line` relative to the project (linked to the repository when known), attachment names; ≤ 3,000.
    private static func failureText(
        _ test: TestResult, plan: NotificationPlan, report: RunReport, links: ArtifactLinks, sources: SourceLinks
    ) -> String {
        var title = "*`\(SlackText.escape(test.id, limit: 300))`*"
        // A display name first, the id (the key a person searches for) after it.
        if let shown = test.displayName {
            title = "*\(SlackText.escape(shown, limit: 300))* `\(SlackText.escape(test.id, limit: 300))`"
        }
        if let device = test.device { title += " on _\(SlackText.escape(device, limit: 100))_" }
        if test.status != .failed { title += " (\(test.status == .crashed ? "crashed" : "timed out"))" }
        switch plan.ages[test.deviceKey] {
        case .new: title += " · *NEW*"
        case .stillFailing(let since, let runs):
            let streak = NotificationWording.streak(since: since, runs: runs, plan: plan, report: report)
            title += " · _\(SlackText.escape(streak, limit: 300))_"
        case .knownFlaky(let rate): title += " · _flaky: \(SlackText.escape(rate, limit: 300))_"
        case nil: break
        }
        var tail = ""
        if let file = test.headlineFailure?.file {
            let line = test.headlineFailure?.line
            let shown = SlackText.truncate(sources.shortPath(file) + (line.map { ":\($0)" } ?? ""), limit: 400)
            tail +=
                "\nat "
                + (sources.url(file: file, line: line).map { SlackText.link($0, shown) }
                    ?? "`\(SlackText.escape(shown))`")
        }
        if let order = test.orderDependence {
            tail += "\n" + order.text(testID: test.id, runID: report.runID) { "`\(SlackText.escape($0, limit: 600))`" }
        }
        if test.failures.count > 1 {
            tail += test.failures.count == 2 ? " (+1 more issue)" : " (+\(test.failures.count - 1) more issues)"
        }
        if !test.attachments.isEmpty {
            let names = test.attachments.prefix(5).map { attachment in
                links.file(attachment.path).map { SlackText.link($0, attachment.name) }
                    ?? SlackText.escape(attachment.name, limit: 120)
            }
            let more = test.attachments.count > 5 ? " …and \(test.attachments.count - 5) more" : ""
            tail += "\n:paperclip: " + names.joined(separator: ", ") + more
        }
        let message = test.headlineFailure?.message ?? "(no message)"
        // Room for the screenshot note `SlackFailureScreenshot` appends.
        let budget =
            SlackText.sectionLimit - title.count - tail.count - 1
            - (test.failureScreenshot == nil ? 0 : SlackFailureScreenshot.noteLimit)
        return title + "\n" + SlackText.codeBlock(message, limit: max(budget, 20)) + tail
    }

    private static func infrastructureBlocks(_ report: RunReport) -> [SlackBlock] {
        let said =
            report.totals.tests > 0
            ? "The tests ran (\(NotificationWording.counts(report.totals))), but the run could not finish:"
            : "The run stopped before its tests could run. This is not a test failure; no test result was produced."
        var blocks: [SlackBlock] = [.divider, .section(SlackText.escape(said, limit: 500))]
        // Notes change no status: they are not why the run could not finish, and come after the errors that are.
        let errors = report.errors.filter { !$0.isNote } + report.errors.filter(\.isNote)
        for error in errors.prefix(listedErrors) {
            var text = "*\(SlackText.escape(error.message, limit: 500))*"
            if error.isNote { text = "Note: " + SlackText.escape(error.message, limit: 500) }
            if let command = error.command {
                text += "\n`\(SlackText.escape(command.joined(separator: " "), limit: 400))`"
                if let status = error.exitStatus { text += " exited with status \(status)" }
            }
            if !error.details.isEmpty {
                let tail = error.details.suffix(15).joined(separator: "\n")
                text += "\n" + SlackText.codeBlock(tail, limit: SlackText.sectionLimit - text.count - 1)
            }
            blocks.append(.section(text))
        }
        if errors.count > listedErrors {
            let what = errors.contains(where: \.isNote) ? "errors and notes" : "errors"
            blocks.append(.section("…and \(errors.count - listedErrors) more \(what)"))
        }
        return blocks
    }

    private static func recoveryBlocks(_ report: RunReport, _ plan: NotificationPlan) -> [SlackBlock] {
        var text = "Passing again in run `\(SlackText.escape(report.runID))`"
        if let recovery = NotificationWording.recovery(plan: plan, report: report) {
            text = SlackText.escape(recovery.prefix(1).uppercased() + recovery.dropFirst(), limit: 500)
        }
        text += "."
        if !plan.recovered.isEmpty {
            text += "\n*Recovered:* " + recoveredList(plan)
        }
        if !plan.quarantined.isEmpty {
            text += "\n*Quarantined, not recovered* (still failing): " + nameList(plan.quarantined)
        }
        let failing = report.failingTests.filter { report.quarantineEntry(for: $0) == nil }.map(\.deviceKey)
        if !failing.isEmpty { text += "\n*Still failing* (known flaky): " + nameList(failing) }
        return [.section(truncateMarkup(text))]
    }

    /// Announced tests that pass again, in a failure or reminder message: the open problem got smaller.
    private static func recoveredBlock(_ plan: NotificationPlan) -> SlackBlock? {
        plan.recovered.isEmpty ? nil : .section(truncateMarkup("*Recovered:* " + recoveredList(plan)))
    }

    /// The recovered tests, each with its own streak when the message's does not describe it, and the flake model's
    /// word when it now calls it flaky.
    private static func recoveredList(_ plan: NotificationPlan) -> String {
        nameList(plan.recovered) { key in
            let remarks = [
                plan.looksFlaky[key].map { "looks flaky: \($0)" },
                NotificationWording.recoveredStreak(of: key, plan: plan),
            ]
            let said = remarks.compactMap { $0 }
            return said.isEmpty ? nil : said.joined(separator: "; ")
        }
    }

    /// Flaky tests (passed only on a retry) apart from hard failures.
    private static func flakyBlock(_ report: RunReport) -> SlackBlock? {
        let flaky = report.tests.kept(where: \.flaky).map(\.deviceKey)
        guard !flaky.isEmpty else { return nil }
        return .section(truncateMarkup("*Flaky* (passed on a retry): " + nameList(flaky)))
    }

    /// Failing tests a quarantine covered, apart from the failures: each with its entry's reason, owner and expiry.
    private static func quarantinedBlock(_ report: RunReport) -> SlackBlock? {
        let covered = report.failingTests.compactMap { test in report.quarantineEntry(for: test).map { (test, $0) } }
        guard !covered.isEmpty else { return nil }
        let items = covered.prefix(listedNames).map { test, entry in
            let name = test.displayName.map { "\(SlackText.escape($0, limit: 200)) " } ?? ""
            return
                "\(name)`\(SlackText.escape(test.deviceKey, limit: 200))` (\(SlackText.escape(QuarantineTable.describe(entry), limit: 300)))"
        }
        let more = covered.count > listedNames ? ", …and \(covered.count - listedNames) more" : ""
        return .section(
            truncateMarkup("*Quarantined* (failed; does not fail the run): " + items.joined(separator: ", ") + more))
    }

    /// "`a`, `b` (note), …and N more", escaped, at most `listedNames` names; `note` gives a name's remark, if any.
    private static func nameList(_ names: [String], note: (String) -> String? = { _ in nil }) -> String {
        let shown = names.prefix(listedNames).map { name in
            let remark = note(name).map { " (\(SlackText.escape($0, limit: 200)))" } ?? ""
            return "`\(SlackText.escape(name, limit: 200))`\(remark)"
        }
        let more = names.count > listedNames ? ", …and \(names.count - listedNames) more" : ""
        return shown.joined(separator: ", ") + more
    }

    /// Escaped markup cut to a section's limit at a list separator, so no escape sequence or code span is split.
    private static func truncateMarkup(_ text: String) -> String {
        guard text.count > SlackText.sectionLimit else { return text }
        let head = String(text.prefix(SlackText.sectionLimit - 3))
        guard let separator = head.range(of: ", ", options: .backwards) else {
            return SlackText.truncate(text, limit: SlackText.sectionLimit)
        }
        return head[..<separator.lowerBound] + ", …"
    }

    /// At most `SlackText.blockLimit` blocks; what does not fit is counted in a last section. A safety
    /// net: `payload` already leaves the failure list only the room the other blocks do not take.
    private static func capped(_ blocks: [SlackBlock]) -> [SlackBlock] {
        guard blocks.count > SlackText.blockLimit else { return blocks }
        let kept = blocks.prefix(SlackText.blockLimit - 1)
        return Array(kept) + [.section("…and \(blocks.count - kept.count) more blocks")]
    }
}
