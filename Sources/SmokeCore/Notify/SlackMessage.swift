import Foundation

/// The `slack` format: an incoming-webhook message with a `text` fallback and Block Kit blocks,
/// within Slack's limits (section text ≤ 3,000 characters, ≤ 50 blocks, header ≤ 150, `& < >` escaped).
package enum SlackMessage {
    /// Failing tests shown one per block; the rest are counted in "…and N more".
    package static let listedFailures = 10
    /// Names listed in one line (flaky, recovered) before "…and N more".
    static let listedNames = 20
    /// Infrastructure errors shown.
    static let listedErrors = 5

    static func body(report: RunReport, plan: NotificationPlan, links: ArtifactLinks) -> Data {
        let payload = payload(report: report, plan: plan, links: links, listedFailures: listedFailures)
        // Encoding these value types cannot fail; an empty body would be rejected visibly by Slack.
        return (try? JSONCoding.encoder(pretty: true).encode(payload)) ?? Data()
    }

    /// - Parameter listedFailures: failing tests shown one per block (the block limit still holds).
    package static func payload(
        report: RunReport, plan: NotificationPlan, links: ArtifactLinks, listedFailures: Int
    ) -> SlackPayload {
        let headline = NotificationWording.headline(report: report, plan: plan)
        var blocks: [SlackBlock] = [
            .header(
                SlackText.truncate(
                    "\(icon(plan, report)) \(report.pipeline): \(headline)", limit: SlackText.headerLimit)),
            .fields(details(report, links)),
        ]
        if report.totals.tests > 0 {
            blocks.append(
                .section(SlackText.escape(NotificationWording.counts(report.totals), limit: SlackText.sectionLimit)))
        }
        let tail = [flakyBlock(report), linksBlock(links)].compactMap { $0 }
        // Failures get what the other blocks leave: a divider, their sections (and screenshots) and "…and N more".
        let failureRoom = FailureRoom(
            tests: listedFailures, blocks: SlackText.blockLimit - blocks.count - tail.count - 2)
        switch plan.kind {
        case .failure, .reminder:
            blocks += failureBlocks(report, plan, links, failureRoom)
        case .infrastructure:
            blocks += infrastructureBlocks(report)
        case .recovery:
            blocks += recoveryBlocks(report, plan)
        case .always:
            if report.status == .error { blocks += infrastructureBlocks(report) }
            if report.status == .failed { blocks += failureBlocks(report, plan, links, failureRoom) }
        }
        blocks += tail
        let text = SlackText.escape(
            "\(report.pipeline): \(headline) (run \(report.runID))", limit: SlackText.sectionLimit)
        return SlackPayload(text: text, blocks: capped(blocks))
    }

    private static func icon(_ plan: NotificationPlan, _ report: RunReport) -> String {
        switch plan.kind {
        case .failure, .reminder: ":x:"
        case .infrastructure: ":warning:"
        case .recovery: ":white_check_mark:"
        case .always: report.status == .passed ? ":white_check_mark:" : ":x:"
        }
    }

    private static func details(_ report: RunReport, _ links: ArtifactLinks) -> [String] {
        let run = links.best.map { SlackText.link($0, report.runID) } ?? "`\(SlackText.escape(report.runID))`"
        var fields = [
            "*Run*\n\(run)",
            NotificationWording.devices(report).map {
                "*Devices*\n\(SlackText.escape($0.joined(separator: ", "), limit: 1900))"
            }
                ?? "*Device*\n\(SlackText.escape(NotificationWording.device(report.device), limit: 1900))",
            "*Duration*\n\(NotificationWording.duration(report.durationSeconds))",
        ]
        if let seed = report.seed {
            let replay =
                ReplayCommand.text(for: report).map { "\nreplay: `\(SlackText.escape($0, limit: 1900))`" } ?? ""
            fields.append("*Seed*\n`\(seed)`\(replay)")
        }
        return fields
    }

    /// How many failing tests may be listed, and in how many blocks.
    struct FailureRoom {
        var tests: Int
        var blocks: Int
    }

    /// One section per failing test, each followed by its failure screenshot when published, as long
    /// as both limits of `room` hold; then "…and N more".
    private static func failureBlocks(
        _ report: RunReport, _ plan: NotificationPlan, _ links: ArtifactLinks, _ room: FailureRoom
    ) -> [SlackBlock] {
        let failing = report.failingTests
        guard !failing.isEmpty else { return [] }
        var blocks: [SlackBlock] = [.divider]
        var listed = 0
        for test in failing.prefix(max(room.tests, 0)) {
            let shot = SlackFailureScreenshot(test: test, links: links)
            let cost = shot.image == nil ? 1 : 2
            guard blocks.count - 1 + cost <= room.blocks else { break }
            var text = failureText(test, age: plan.ages[test.deviceKey], links: links) + shot.note
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
    /// `file:line`, attachment names; ≤ 3,000.
    private static func failureText(_ test: TestResult, age: FailureAge?, links: ArtifactLinks) -> String {
        var title = "*`\(SlackText.escape(test.id, limit: 300))`*"
        if let device = test.device { title += " on _\(SlackText.escape(device, limit: 100))_" }
        if test.status != .failed { title += " (\(test.status == .crashed ? "crashed" : "timed out"))" }
        if let age { title += " · " + (age.isNew ? "*NEW*" : "_\(SlackText.escape(NotificationWording.age(age)))_") }
        var tail = ""
        if let location = test.failures.first?.location {
            tail += "\nat `\(SlackText.escape(location, limit: 400))`"
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
        let message = test.failures.first?.message ?? "(no message)"
        // Room for the screenshot note `SlackFailureScreenshot` appends.
        let budget =
            SlackText.sectionLimit - title.count - tail.count - 1
            - (test.failureScreenshot == nil ? 0 : SlackFailureScreenshot.noteLimit)
        return title + "\n" + SlackText.codeBlock(message, limit: max(budget, 20)) + tail
    }

    private static func infrastructureBlocks(_ report: RunReport) -> [SlackBlock] {
        var blocks: [SlackBlock] = [
            .divider,
            .section(
                "The run stopped before its tests could run. This is not a test failure; no test result was produced."),
        ]
        for error in report.errors.prefix(listedErrors) {
            var text = "*\(SlackText.escape(error.message, limit: 500))*"
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
        if report.errors.count > listedErrors {
            blocks.append(.section("…and \(report.errors.count - listedErrors) more errors"))
        }
        return blocks
    }

    private static func recoveryBlocks(_ report: RunReport, _ plan: NotificationPlan) -> [SlackBlock] {
        var text = "Passing again in run `\(SlackText.escape(report.runID))`"
        if let since = plan.failingSince { text += ", after failing since run `\(SlackText.escape(since))`" }
        text += "."
        if !plan.recovered.isEmpty { text += "\n*Recovered:* " + nameList(plan.recovered) }
        return [.section(truncateMarkup(text))]
    }

    /// Flaky tests (passed only on a retry) apart from hard failures.
    private static func flakyBlock(_ report: RunReport) -> SlackBlock? {
        let flaky = report.tests.filter(\.flaky).map(\.deviceKey)
        guard !flaky.isEmpty else { return nil }
        return .section(truncateMarkup("*Flaky* (passed on a retry): " + nameList(flaky)))
    }

    private static func linksBlock(_ links: ArtifactLinks) -> SlackBlock? {
        var parts: [String] = []
        if let artifacts = links.artifacts { parts.append(SlackText.link(artifacts, "Run artifacts")) }
        if let ciRun = links.ciRun { parts.append(SlackText.link(ciRun, "CI run")) }
        return parts.isEmpty ? nil : .context([parts.joined(separator: "  ·  ")])
    }

    /// "`a`, `b`, …and N more", escaped, at most `listedNames` names.
    private static func nameList(_ names: [String]) -> String {
        let shown = names.prefix(listedNames).map { "`\(SlackText.escape($0, limit: 200))`" }
        let more = names.count > listedNames ? ", …and \(names.count - listedNames) more" : ""
        return shown.joined(separator: ", ") + more
    }

    /// Already-escaped markup cut to a section's limit at a list separator, so no escape sequence
    /// or code span is split.
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
