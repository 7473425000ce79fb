import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `Pipelines/samples/` holds what `smokerun install` prints for a project at /srv/myapp.
/// The samples are checked against the renderer; `RECORD_SNAPSHOTS=1` rewrites them.
@Suite struct InstallSamplesTests {
    static let samples = WorkflowLintTests.repository.appendingPathComponent("Pipelines/samples")

    /// The zone of the machine the samples were made for (the pipeline's is UTC).
    static let machineZone = "Europe/Berlin"

    static func plan() throws -> InstallPlan {
        InstallPlan(
            pipelineName: "smoke", cron: try CronExpression("0 */4 * * *"), timeZone: "UTC",
            executable: "/usr/local/bin/smokerun", pipelineFile: "/srv/myapp/Pipelines/smoke.json",
            workingDirectory: "/srv/myapp", outputDirectory: "/srv/myapp/.smokerun",
            environment: [
                ("PATH", "/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin"),
                ("SMOKERUN_SWIFT", "/opt/swift/usr/bin/swift"),
            ])
    }

    @Test(arguments: ["crontab.txt", "smokerun-smoke.service", "smokerun-smoke.timer", "com.smokerun.smoke.plist"])
    func sampleMatchesTheRenderer(file: String) throws {
        let expected = try Self.render(file)
        let url = Self.samples.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
            || !FileManager.default.fileExists(atPath: url.path)
        {
            try FileManager.default.createDirectory(at: Self.samples, withIntermediateDirectories: true)
            try Data(expected.utf8).write(to: url)
            Issue.record("recorded \(file); run again")
            return
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
    }

    /// One file's part of the install output, without the `# ──` banner comments.
    static func render(_ file: String) throws -> String {
        let plan = try plan()
        switch file {
        case "crontab.txt":
            return InstallSnippets.crontab(plan, machineTimeZone: Self.machineZone)
        case "smokerun-smoke.service", "smokerun-smoke.timer":
            let parts = InstallSnippets.systemd(plan).components(separatedBy: "# ── systemd: ")
            let part = parts.first { $0.hasPrefix("~/.config/systemd/user/\(file) ") }!
            return String(part.drop { $0 != "\n" }.dropFirst()).trimmingCharacters(in: .newlines) + "\n"
        default:
            let text = InstallSnippets.launchd(plan)
            let start = text.range(of: "<?xml")!.lowerBound
            let end = text.range(of: "</plist>")!.upperBound
            return String(text[start..<end]) + "\n"
        }
    }

    @Test func everySnippetPointsAtTheEnvironmentFileAndListsTheVariables() throws {
        var plan = try InstallSamplesTests.plan()
        plan.variables = [
            RequiredVariable(
                name: "SMOKERUN_WEBHOOK_URL", key: "notify.webhookURLEnvironment", source: .environmentOnly)
        ]
        let secrets = InstallSnippets.secrets(plan)
        #expect(
            secrets == """
                # ── secrets: /srv/myapp/.smokerun/env ──
                # Every run (cron, systemd, launchd, CI, a terminal) reads KEY=VALUE lines from this file; a variable
                # set in the job's environment wins. It must be yours with mode 600. The pipeline needs:
                #   SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment): set in this shell only: a scheduled job will not have it; add it to the file
                # Create it with mode 600, then add a line SMOKERUN_WEBHOOK_URL=<its value> in the editor:
                #   mkdir -p /srv/myapp/.smokerun && touch /srv/myapp/.smokerun/env && chmod 600 /srv/myapp/.smokerun/env && ${EDITOR:-vi} /srv/myapp/.smokerun/env
                # Check it: /usr/local/bin/smokerun doctor /srv/myapp/Pipelines/smoke.json

                """)
        plan.variables[0].source = .environmentFile
        #expect(
            InstallSnippets.secrets(plan).contains(
                "(notify.webhookURLEnvironment): set in /srv/myapp/.smokerun/env: every job has it\n"))
        let reads = "smokerun reads them from /srv/myapp/.smokerun/env"
        #expect(InstallSnippets.crontab(plan, machineTimeZone: "UTC").contains(reads))
        #expect(InstallSnippets.systemd(plan).contains(reads))
        #expect(InstallSnippets.launchd(plan).contains(reads))
        // The variable is set in none of the jobs: the file carries it.
        #expect(!InstallSnippets.crontab(plan, machineTimeZone: Self.machineZone).contains("SMOKERUN_WEBHOOK_URL"))
        #expect(!InstallSnippets.systemd(plan).contains("SMOKERUN_WEBHOOK_URL"))
    }

    @Test func crontabSetsCronTZBackSoTheUsersLaterLinesKeepTheirZone() throws {
        let plan = try Self.plan()
        let lines = InstallSnippets.crontab(plan, machineTimeZone: "Europe/Berlin").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "CRON_TZ=UTC" && lines.last == "CRON_TZ=Europe/Berlin", "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("0 */4 * * * mkdir -p /srv/myapp/.smokerun") == true)
        // The machine already runs in the pipeline's zone: no CRON_TZ at all.
        for machine in ["UTC", "Etc/UTC"] {
            let same = InstallSnippets.crontab(plan, machineTimeZone: machine)
            #expect(!same.contains("CRON_TZ="), "\(same)")
            #expect(same.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1)
        }
    }

    @Test func everySnippetCarriesTheJobEnvironment() throws {
        var plan = try InstallSamplesTests.plan()
        plan.environment = [("PATH", "/opt/swift 6/bin:/usr/bin:/bin"), ("SMOKERUN_SWIFT", "/opt/swift 6/bin/swift")]
        #expect(
            InstallSnippets.crontab(plan, machineTimeZone: Self.machineZone).contains(
                "mkdir -p /srv/myapp/.smokerun && cd /srv/myapp && PATH='/opt/swift 6/bin:/usr/bin:/bin' SMOKERUN_SWIFT='/opt/swift 6/bin/swift' /usr/local/bin/smokerun run"
            ))
        #expect(
            InstallSnippets.systemd(plan).contains(
                "Environment=\"PATH=/opt/swift 6/bin:/usr/bin:/bin\"\nEnvironment=\"SMOKERUN_SWIFT=/opt/swift 6/bin/swift\"\n"
            ))
        let launchd = InstallSnippets.launchd(plan)
        let plist =
            try #require(
                launchd.range(of: "<?xml").map { String(launchd[$0.lowerBound...]) }?.components(
                    separatedBy: "</plist>"
                ).first) + "</plist>"
        let parsed = try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any]
        #expect(
            parsed?["EnvironmentVariables"] as? [String: String] == [
                "PATH": "/opt/swift 6/bin:/usr/bin:/bin", "SMOKERUN_SWIFT": "/opt/swift 6/bin/swift",
            ])
    }

}
