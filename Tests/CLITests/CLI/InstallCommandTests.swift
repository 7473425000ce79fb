import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct InstallCommandTests {
    static func install(_ json: String, root: URL) async throws -> String {
        try TestPipelineFiles.write(json, as: "smoke.json", in: root)
        let output = BufferOutput()
        // A PATH without swift, so the output is the same on every machine.
        let context = HostContext(
            standardOutput: output, standardError: BufferOutput(), environment: ["PATH": "/nowhere"],
            currentDirectory: root)
        let code = try await InstallCommand(arguments: [], environment: TestPipelineFiles.environment()).run(
            in: context)
        #expect(code == .passed)
        return output.text
    }

    @Test func printsCrontabSystemdAndLaunchdWithAbsolutePaths() async throws {
        let root = try ScratchDirectory()
        let text = try await Self.install(
            #"{"name": "smoke", "schedule": "17 */4 * * *", "timeZone": "Europe/Berlin"}"#, root: root.url)
        let project = root.url.standardizedFileURL.path
        #expect(
            text.contains(
                "CRON_TZ=Europe/Berlin\n17 */4 * * * mkdir -p \(project)/.smokerun && cd \(project) && PATH=/nowhere:/usr/bin:/bin /opt/smokerun/bin/smokerun run \(project)/Pipelines/smoke.json >> \(project)/.smokerun/cron.log 2>&1\n"
            ))
        #expect(text.contains("Environment=PATH=/nowhere:/usr/bin:/bin\n"))
        #expect(text.contains("ExecStart=/opt/smokerun/bin/smokerun run \(project)/Pipelines/smoke.json\n"))
        #expect(text.contains("WorkingDirectory=\(project)\n"))
        #expect(text.contains("OnCalendar=*-*-* 00/4:17:00 Europe/Berlin\n"))
        #expect(text.contains("Persistent=true\n"))
        #expect(text.contains("<key>Hour</key><integer>20</integer><key>Minute</key><integer>17</integer>"))
        #expect(text.contains("<string>\(project)/Pipelines/smoke.json</string>"))
    }

    @Test func thePlistParsesAndTheTimerVerifies() async throws {
        let root = try ScratchDirectory()
        let text = try await Self.install(#"{"name": "smoke", "schedule": "0 0 13 * FRI"}"#, root: root.url)
        #expect(text.contains("OnCalendar=*-*-13 00:00:00 UTC\nOnCalendar=Fri *-*-* 00:00:00 UTC\n"))
        let plist =
            try #require(
                text.range(of: "<?xml").map { String(text[$0.lowerBound...]) }?.components(separatedBy: "</plist>")
                    .first) + "</plist>"
        let parsed = try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: Any]
        let intervals = try #require(parsed?["StartCalendarInterval"] as? [[String: Int]])
        // On SIGTERM a run stops its tests and writes an interrupted report: launchd's 20 s default may cut that.
        #expect(parsed?["ExitTimeOut"] as? Int == 60)
        #expect(intervals == [["Day": 13, "Hour": 0, "Minute": 0], ["Weekday": 5, "Hour": 0, "Minute": 0]])
        #expect(
            parsed?["ProgramArguments"] as? [String] == [
                "/opt/smokerun/bin/smokerun", "run", root.url.standardizedFileURL.path + "/Pipelines/smoke.json",
            ])
    }

    @Test func theSecretsBlockSaysWhereEachVariableIsFound() async throws {
        let root = try ScratchDirectory()
        let project = root.url.standardizedFileURL.path
        var text = try await Self.install(#"{"name": "smoke"}"#, root: root.url)
        #expect(text.hasPrefix("# ── secrets: \(project)/.smokerun/env ──\n"))
        #expect(text.contains("#   SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment): not set: add it to the file\n"))
        let file = root.url.appendingPathComponent(".smokerun/env")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("SMOKERUN_WEBHOOK_URL=https://hooks.example/secret\n".utf8).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        text = try await Self.install(#"{"name": "smoke"}"#, root: root.url)
        #expect(
            text.contains(
                "#   SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment): set in \(project)/.smokerun/env: every job has it\n"
            ))
        #expect(!text.contains("hooks.example"))
    }

    @Test func theJobGetsPathWithTheToolchainFirstAndSmokerunSwift() {
        let swift = URL(fileURLWithPath: "/opt/swift/usr/bin/swift")
        let environment = InstallPlan.jobEnvironment(
            swift: swift, currentPath: "relative/bin:/home/me/bin:/usr/bin::/opt/swift/usr/bin")
        #expect(environment.map(\.name) == ["PATH", "SMOKERUN_SWIFT"])
        #expect(
            environment.map(\.value) == ["/opt/swift/usr/bin:/home/me/bin:/usr/bin:/bin", "/opt/swift/usr/bin/swift"])
        #expect(InstallPlan.jobEnvironment(swift: nil, currentPath: nil).map(\.value) == ["/usr/bin:/bin"])
    }

    static let systemdAnalyze = "/usr/bin/systemd-analyze"

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: systemdAnalyze),
            "needs systemd-analyze (apt-get install systemd)"))
    func theServiceAndTimerPassSystemdAnalyzeVerify() throws {
        let root = try ScratchDirectory()
        let project = root.url.standardizedFileURL.path
        // verify checks that ExecStart names an executable, so the plan points at a real one.
        let executable = root.url.appendingPathComponent("bin/smokerun")
        try FileManager.default.createDirectory(
            at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: executable.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let plan = InstallPlan(
            pipelineName: "smoke", cron: try CronExpression("0 0 13 * FRI"), timeZone: "Europe/Berlin",
            executable: executable.path,
            pipelineFile: project + "/Pipelines/smoke.json", workingDirectory: project,
            outputDirectory: project + "/.smokerun",
            environment: InstallPlan.jobEnvironment(
                swift: URL(fileURLWithPath: "/opt/swift 6/usr/bin/swift"), currentPath: "/usr/local/bin:/usr/bin"))
        let units = InstallSnippets.systemd(plan).components(separatedBy: "# ── systemd: ~/.config/systemd/user/")
            .dropFirst()
        var files: [String] = []
        for unit in units {
            let name = String(unit.prefix { $0 != " " })
            let file = root.url.appendingPathComponent(name)
            try Data(String(unit.drop { $0 != "\n" }.dropFirst()).utf8).write(to: file)
            files.append(file.path)
        }
        #expect(
            files.map { URL(fileURLWithPath: $0).lastPathComponent } == [
                "smokerun-smoke.service", "smokerun-smoke.timer",
            ])
        let result = try ProcessCommandRunner().run(Self.systemdAnalyze, ["verify", "--man=no"] + files)
        #expect(result.exitStatus == 0, "\(result.outputText)\(result.errorText)")
        #expect(result.errorText.isEmpty, "\(result.errorText)")
    }

    @Test func pathsWithSpacesAndPercentSignsAreQuoted() {
        #expect(InstallSnippets.shellQuoted("/tmp/My Project/it's") == #"'/tmp/My Project/it'\''s'"#)
        #expect(InstallSnippets.shellQuoted("/usr/bin/smokerun") == "/usr/bin/smokerun")
        #expect(InstallSnippets.systemdQuoted("/tmp/100% sure") == #""/tmp/100%% sure""#)
    }

    @Test func theExecutableIsResolvedFromArgvZero() throws {
        let root = try ScratchDirectory()
        let tool = root.url.appendingPathComponent("bin/smokerun")
        try FileManager.default.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: tool.path, contents: Data(), attributes: [.posixPermissions: 0o755])
        let real = root.url.standardizedFileURL.resolvingSymlinksInPath().path + "/bin/smokerun"
        #expect(ExecutableLocator.resolve("bin/smokerun", currentDirectory: root.url, environment: [:]) == real)
        #expect(
            ExecutableLocator.resolve(
                "smokerun", currentDirectory: URL(fileURLWithPath: "/"),
                environment: ["PATH": "/nowhere:\(root.url.path)/bin"]) == real)
    }
}
