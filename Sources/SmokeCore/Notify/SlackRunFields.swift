/// The Slack message's facts about the run: run, commit, host, device, duration, replay command, report location.
enum SlackRunFields {
    /// Section fields (Slack allows ten, 2,000 characters each): Run, Commit, Host, Device(s), Duration, Seed.
    static func fields(_ report: RunReport, _ links: ArtifactLinks) -> [String] {
        let run = links.best.map { SlackText.link($0, report.runID) } ?? "`\(SlackText.escape(report.runID))`"
        var fields = ["*Run*\n\(run)"]
        if let commit = report.origin?.commitText {
            fields.append("*Commit*\n`\(SlackText.escape(commit, limit: 1900))`")
        }
        if let host = report.origin?.host { fields.append("*Host*\n\(SlackText.escape(host, limit: 1900))") }
        fields.append(
            NotificationWording.devices(report).map {
                "*Devices*\n\(SlackText.escape($0.joined(separator: ", "), limit: 1900))"
            } ?? "*Device*\n\(SlackText.escape(NotificationWording.device(report.device), limit: 1900))")
        fields.append("*Duration*\n\(NotificationWording.duration(report.durationSeconds))")
        if let seed = report.seed {
            let replay =
                ReplayCommand.text(for: report).map { "\nreplay: `\(SlackText.escape($0, limit: 1900))`" } ?? ""
            fields.append("*Seed*\n`\(seed)`\(replay)")
        }
        return fields
    }

    /// "Run artifacts · CI run" links, else the report's path on the host that ran it.
    static func linksBlock(_ links: ArtifactLinks) -> SlackBlock? {
        var parts: [String] = []
        if let artifacts = links.artifacts { parts.append(SlackText.link(artifacts, "Run artifacts")) }
        if let ciRun = links.ciRun { parts.append(SlackText.link(ciRun, "CI run")) }
        if parts.isEmpty, let path = links.reportPath {
            parts.append("Report: `\(SlackText.escape(path, limit: 1900))`")
        }
        return parts.isEmpty ? nil : .context([parts.joined(separator: "  ·  ")])
    }
}
