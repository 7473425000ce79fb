import Foundation
import SmokeCore

/// The ready-to-paste scheduler configurations `smokerun install` prints: pure text from an `InstallPlan`.
package enum InstallSnippets {
    /// `machineTimeZone` is what cron uses for lines without `CRON_TZ`.
    package static func all(_ plan: InstallPlan, machineTimeZone: String = TimeZone.current.identifier) -> String {
        [secrets(plan), crontab(plan, machineTimeZone: machineTimeZone), systemd(plan), launchd(plan)]
            .joined(separator: "\n")
    }

    static func secrets(_ plan: InstallPlan) -> String {
        let file = plan.environmentFile
        let folder = shellQuoted(plan.outputDirectory)
        let rows = plan.variables.map { variable in
            let state =
                switch variable.source {
                case .environmentFile: "set in \(file): every job has it"
                case .environmentOnly: "set in this shell only: a scheduled job will not have it; add it to the file"
                case .missing: "not set: add it to the file"
                }
            return "#   \(variable.name) (\(variable.key)): \(state)\n"
        }
        let example = plan.variables.first?.name ?? "SMOKERUN_WEBHOOK_URL"
        let quotedFile = shellQuoted(file)
        return """
            # ── secrets: \(file) ──
            # Every run (cron, systemd, launchd, CI, a terminal) reads KEY=VALUE lines from this file; a variable
            # set in the job's environment wins. It must be yours with mode 600. The pipeline needs:
            \(rows.joined())# Create it with mode 600, then add a line \(example)=<its value> in the editor:
            #   mkdir -p \(folder) && touch \(quotedFile) && chmod 600 \(quotedFile) && ${EDITOR:-vi} \(quotedFile)
            # Check it: \(shellQuoted(plan.executable)) doctor \(shellQuoted(plan.pipelineFile))

            """
    }

    /// One crontab line, with `CRON_TZ` when the pipeline's zone is not the machine's, set back after the line:
    /// cronie applies `CRON_TZ` to every later line, so a bare one would move the user's other jobs.
    static func crontab(_ plan: InstallPlan, machineTimeZone: String) -> String {
        let log = shellQuoted(plan.outputDirectory + "/cron.log")
        // Variables go on the command, not on lines of their own that would apply to every job; the output folder
        // is made first, as the log is opened before smokerun starts.
        let variables = plan.environment.map { "\($0.name)=\(shellQuoted($0.value)) " }.joined()
        let prepare = "mkdir -p \(shellQuoted(plan.outputDirectory)) && cd \(shellQuoted(plan.workingDirectory))"
        let run = "\(variables)\(shellQuoted(plan.executable)) run \(shellQuoted(plan.pipelineFile)) >> \(log) 2>&1"
        let command = "\(prepare) && \(run)"
        // cron turns an unescaped % into a newline.
        let line = "\(plan.cron.source) \(command.replacingOccurrences(of: "%", with: "\\%"))"
        let header = """
            # ── crontab (crontab -e) ──
            # Secrets (the webhook URL) stay out of the crontab: smokerun reads them from \(plan.environmentFile).

            """
        guard !sameZone(plan.timeZone, machineTimeZone) else {
            return header + """
                # The schedule is read in this machine's time zone, \(machineTimeZone), the pipeline's.
                \(line)

                """
        }
        return header + """
            # cronie honours CRON_TZ; other crons read the schedule in the system time zone (\(machineTimeZone)).
            # CRON_TZ holds for every later line, so it is set back to \(machineTimeZone) after this job: paste
            # all three lines, at the end of the crontab.
            CRON_TZ=\(plan.timeZone)
            \(line)
            CRON_TZ=\(machineTimeZone)

            """
    }

    /// Whether two zone names mean the same zone (`UTC`, `Etc/UTC`, `GMT` are one).
    static func sameZone(_ left: String, _ right: String) -> Bool {
        let utc: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu"]
        return left == right || (utc.contains(left) && utc.contains(right))
    }

    static func systemd(_ plan: InstallPlan) -> String {
        let calendars = SystemdCalendar.onCalendar(plan.cron, timeZone: plan.timeZone)
        let note =
            calendars.count > 1
            ? "# Two OnCalendar lines: cron fires on a day matching the day of month OR the day of week.\n" : ""
        return """
            # ── systemd: ~/.config/systemd/user/\(plan.jobName).service ──
            [Unit]
            Description=smokerun smoke run of \(plan.pipelineName)

            [Service]
            Type=oneshot
            WorkingDirectory=\(plan.workingDirectory.replacingOccurrences(of: "%", with: "%%"))
            ExecStart=\(systemdQuoted(plan.executable)) run \(systemdQuoted(plan.pipelineFile))
            \(plan.environment.map { "Environment=\(systemdQuoted("\($0.name)=\($0.value)"))\n" }.joined())# Secrets (the webhook URL): smokerun reads them from \(plan.environmentFile.replacingOccurrences(of: "%", with: "%%")) itself.
            # On SIGTERM smokerun stops the tests and writes an interrupted report; give it time.
            TimeoutStopSec=60

            # ── systemd: ~/.config/systemd/user/\(plan.jobName).timer ──
            [Unit]
            Description=Run \(plan.jobName).service on '\(plan.cron.source)' (\(plan.timeZone))

            [Timer]
            \(note)\(calendars.map { "OnCalendar=\($0)" }.joined(separator: "\n"))
            # Run once at boot when a scheduled time was missed while the machine was off.
            Persistent=true

            [Install]
            WantedBy=timers.target

            # Enable: systemctl --user daemon-reload && systemctl --user enable --now \(plan.jobName).timer

            """
    }

    static func launchd(_ plan: InstallPlan) -> String {
        let label = InstallPlan.launchdLabel(pipelineName: plan.pipelineName)
        let header = """
            # ── launchd: ~/Library/LaunchAgents/\(label).plist ──
            # launchd reads these times in the Mac's local time zone; the pipeline's zone is \(plan.timeZone).
            # Secrets (the webhook URL) stay out of the plist: smokerun reads them from \(plan.environmentFile).

            """
        guard let intervals = LaunchdCalendar.intervals(plan.cron) else {
            return header + """
                # '\(plan.cron.source)' needs more than \(LaunchdCalendar.limit) StartCalendarInterval entries;
                # run `\(plan.executable) schedule \(plan.pipelineFile)` as a KeepAlive agent instead.

                """
        }
        let entries = intervals.map { interval in
            "        <dict>\(interval.map { "<key>\($0.key)</key><integer>\($0.value)</integer>" }.joined())</dict>"
        }
        let arguments = [plan.executable, "run", plan.pipelineFile].map { "        <string>\(xmlEscaped($0))</string>" }
        return header + """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>Label</key>
                <string>\(xmlEscaped(label))</string>
                <key>ProgramArguments</key>
                <array>
            \(arguments.joined(separator: "\n"))
                </array>
            \(launchdEnvironment(plan))    <key>WorkingDirectory</key>
                <string>\(xmlEscaped(plan.workingDirectory))</string>
                <key>StandardOutPath</key>
                <string>\(xmlEscaped(plan.outputDirectory + "/launchd.log"))</string>
                <key>StandardErrorPath</key>
                <string>\(xmlEscaped(plan.outputDirectory + "/launchd.log"))</string>
                <key>StartCalendarInterval</key>
                <array>
            \(entries.joined(separator: "\n"))
                </array>
                <key>ExitTimeOut</key>
                <integer>60</integer>
            </dict>
            </plist>

            # Load: launchctl bootstrap gui/$(id -u) ~/Library/LaunchAgents/\(label).plist

            """
    }

    private static func launchdEnvironment(_ plan: InstallPlan) -> String {
        guard !plan.environment.isEmpty else { return "" }
        let entries = plan.environment.map {
            "        <key>\(xmlEscaped($0.name))</key>\n        <string>\(xmlEscaped($0.value))</string>\n"
        }
        return "    <key>EnvironmentVariables</key>\n    <dict>\n" + entries.joined() + "    </dict>\n"
    }

    static func shellQuoted(_ text: String) -> String { ShellWord.quoted(text) }

    /// A systemd unit-file word: `%` doubled, double-quoted when it holds spaces or quotes.
    static func systemdQuoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" }) else { return escaped }
        let quoted = escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(quoted)\""
    }

    static func xmlEscaped(_ text: String) -> String { XMLText.escape(text) }
}
