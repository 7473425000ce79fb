import Foundation
import SmokeCore

extension Doctor {
    /// Each variable notifications need, in the environment or `<output>/env` (names and the URL's host only, never a
    /// value); with `--send-test`, a test message.
    func notifications(
        _ pipeline: Pipeline, fileNames: Set<String>, file: String, environment: [String: String],
        place: DoctorProbes.Place
    ) async -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        for variable in RequiredVariable.of(pipeline.notify, environment: environment, fileNames: fileNames) {
            let name = variable.name
            switch variable.source {
            case .missing:
                checks.append(
                    .failed(
                        "notify", "\(name) (\(variable.key)) is set neither in the environment nor in \(file)",
                        fix: "write it with `smokerun secret set \(name)` (the value on standard input; mode 600)"))
                continue
            case .environmentOnly, .environmentFile:
                break
            }
            let from =
                variable.source == .environmentFile
                ? "from \(file)" : "from this shell only (a scheduled job reads \(file); add it there too)"
            let value = (place.environment[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if variable.key == "notify.webhookURLEnvironment" {
                guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    let host = url.host
                else {
                    checks.append(
                        .failed(
                            "notify", "\(name) \(from) does not hold an http(s) URL",
                            fix: "set \(name) to the webhook's URL (https://hooks.slack.com/services/…)"))
                    continue
                }
                checks.append(.passed("notify", "\(name) \(from): a webhook on \(host)"))
                if let missing = Self.missingLink(pipeline.notify, environment: place.environment) {
                    checks.append(missing)
                }
            } else {
                checks.append(.passed("notify", "\(name) \(from)"))
            }
        }
        if options.sendTest, pipeline.notify.slackUpload != nil {
            checks.append(
                .skipped(
                    "test message",
                    "notify.slackUpload posts through Slack's Web API; doctor sends test messages to webhooks only"))
        } else if options.sendTest, !checks.contains(where: { $0.outcome == .failed }) {
            let record = await probes.sendTest(pipeline, place)
            if record.outcome == .delivered {
                let status = record.httpStatus.map { " (HTTP \($0))" } ?? ""
                checks.append(.passed("test message", "delivered to \(record.target)\(status)"))
            } else {
                checks.append(
                    .failed(
                        "test message", Notifier.describe(record),
                        fix: "check the URL in the variable and that this machine reaches it"))
            }
        }
        return checks
    }

    func simulators(_ pipeline: Pipeline, place: DoctorProbes.Place) -> DoctorCheck {
        guard drivers.make(for: pipeline).doctorChecks.simulators else {
            return .passed("device", "host (this machine; no simulator needed)")
        }
        guard probes.isMacOS else {
            return .skipped("device", "simulator profiles resolve with xcrun simctl, which needs macOS")
        }
        do {
            return .passed("device", try probes.resolveSimulators(pipeline, place).joined(separator: "; "))
        } catch {
            return .failed(
                "device", error.localizedDescription,
                fix:
                    "install the runtime (Xcode ▸ Settings ▸ Platforms) or change \"device\"; `smokerun devices` lists them"
            )
        }
    }

    /// smokerun can create (and remove) a file in the output folder, as every run must.
    func writable(_ output: URL, shown: String) -> DoctorCheck {
        do {
            try probes.probeWritable(output)
            return .passed("output folder", "\(shown) is writable")
        } catch let room as DoctorProbes.NoRoom {
            return .failed(
                "output folder", "\(shown) is writable, with \(room.message)",
                fix: "free space there, or set \"output\" to a folder on a disk with room")
        } catch {
            return .failed(
                "output folder", "\(shown) is not writable: \(FileErrorText.message(for: error))",
                fix: "make \(shown) a folder the user running smokerun can write, or set \"output\" to one")
        }
    }

    func installed(_ pipeline: Pipeline, file: String, shown: String, place: DoctorProbes.Place) -> DoctorCheck {
        let found = probes.findSchedule(pipeline.name, file, place)
        guard found.isEmpty else { return .passed("installed schedule", found.joined(separator: ", ")) }
        return .failed(
            "installed schedule",
            "no crontab line, systemd timer or launchd agent runs \(shown) (a `smokerun schedule` service is not looked for)",
            fix: "run `smokerun install \(shown)` and install one of the snippets it prints")
    }

    /// A webhook whose messages link nowhere a reader can open: no `notify.artifactsURL` or `notify.dashboardURL`, and
    /// not under GitHub Actions (whose run page is then the link).
    static func missingLink(_ notify: NotifySettings, environment: [String: String]) -> DoctorCheck? {
        guard notify.artifactsURL == nil, notify.dashboardURL == nil, environment["GITHUB_ACTIONS"] != "true" else {
            return nil
        }
        return .warning(
            "link",
            "messages name the report's path on this machine (host:/path/index.html), which nobody else can open",
            fix: """
                set notify.dashboardURL to where the dashboard is published (the repository's workflow publishes it \
                to GitHub Pages: https://<owner>.github.io/<repository>/) or notify.artifactsURL to where run folders \
                are published (e.g. "https://ci.example.com/smokerun/{runID}/"); under GitHub Actions the run's page \
                is the link
                """)
    }
}
