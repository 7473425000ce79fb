import Foundation
import SmokeCoreTestSupport
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

/// The webhook URL reaches a cron job through `<output>/env` alone: the crontab line `install` prints, run under
/// cron's bare environment, posts a failing run to a real receiver on 127.0.0.1; without the variable the run
/// warns on stderr and in report.json.
@Suite(.timeLimit(.minutes(10))) struct EnvironmentFileCronTests {
    /// A package with one failing XCTest.
    static func writeFailingPackage(in root: URL) throws -> URL {
        let package = root.appendingPathComponent("Alarm")
        let files = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Alarm",
                targets: [.target(name: "Alarm"), .testTarget(name: "AlarmTests", dependencies: ["Alarm"])])

            """,
            "Sources/Alarm/Alarm.swift": "public func rings() -> Int { 1 }\n",
            "Tests/AlarmTests/AlarmTests.swift": """
            import XCTest

            @testable import Alarm

            final class AlarmTests: XCTestCase {
                func testRingsTwice() {
                    let seen = ProcessInfo.processInfo.environment["SMOKERUN_WEBHOOK_URL"] ?? "none"
                    print("webhook seen by the test: \\(seen)")
                    XCTAssertEqual(rings(), 2)
                }
            }

            """,
        ]
        return try IntegrationSupport.writePackage(files, at: package)
    }

    @Test func theInstalledCronLineNotifiesWithTheURLOnlyInTheEnvironmentFile() throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-envcron-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = try Self.writeFailingPackage(in: root)
        _ = try IntegrationSupport.writePipeline(
            #"""
            {"name": "alarm", "schedule": "17 */4 * * *", "swiftpm": {"packagePath": "Alarm"},
             "coverage": {"enabled": false}, "reports": ["json"], "notify": {"maxAttempts": 1}}
            """#, named: "alarm", next: package)
        var shell = ProcessInfo.processInfo.environment
        (shell["SMOKERUN_SWIFT"], shell["SMOKERUN_WEBHOOK_URL"]) = (nil, nil)
        let install = try IntegrationSupport.runToEnd(
            IntegrationSupport.smokerunBinary.path, ["install", "Pipelines/alarm.json"], environment: shell, in: root)
        #expect(install.status == 0, "\(install.output)")
        let envFile = root.appendingPathComponent(".smokerun/env")
        #expect(install.output.contains("# ── secrets: \(envFile.path) ──"))
        #expect(
            install.output.contains(
                "#   SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment): not set: add it to the file"))
        #expect(install.output.contains("smokerun reads them from \(envFile.path)"))
        let command = try InstallCronTests.cronCommand(in: install.output, schedule: "17 */4 * * *")
        #expect(!command.contains("SMOKERUN_WEBHOOK_URL"))
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cronEnvironment = ["-i", "PATH=/usr/bin:/bin", "HOME=\(home.path)", "/bin/sh", "-c", command]
        let log = root.appendingPathComponent(".smokerun/cron.log")

        // No variable anywhere: the failing run says so on stderr (the line sends it to cron.log) and in report.json.
        let missing = try IntegrationSupport.runToEnd("/usr/bin/env", cronEnvironment, environment: [:], in: home)
        let firstLog = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no cron.log)"
        #expect(missing.status == 1, "\(missing.output)\n\(firstLog)")
        #expect(
            firstLog.contains(
                "smokerun: warning: no notification was sent: SMOKERUN_WEBHOOK_URL is set neither in the environment nor in .smokerun/env; write it with `smokerun secret set SMOKERUN_WEBHOOK_URL`"
            ), "\(firstLog)")
        let unsent = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(unsent.status == .failed)
        #expect(unsent.notifications.contains { $0.missingVariable == "SMOKERUN_WEBHOOK_URL" })
        #expect(unsent.errors.contains { $0.severity == .warning && $0.message.contains("no notification was sent") })
        #expect(unsent.environmentFile == nil)

        // The URL in .smokerun/env only (mode 600): the next cron run posts to the receiver.
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { receiver.stop() }
        let url = receiver.url(token: "cron-secret-\(UUID().uuidString.prefix(6))")
        try Data("# the team's channel\nexport SMOKERUN_WEBHOOK_URL='\(url.absoluteString)'\n".utf8).write(to: envFile)
        #expect(chmod(envFile.path, 0o600) == 0)
        let notified = try IntegrationSupport.runToEnd("/usr/bin/env", cronEnvironment, environment: [:], in: home)
        let secondLog = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no cron.log)"
        #expect(notified.status == 1, "\(notified.output)\n\(secondLog)")
        #expect(receiver.requests.count == 1, "\(secondLog)")
        let body = String(decoding: receiver.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(body.contains("alarm") && body.contains("testRingsTwice"), "\(body)")
        let sent = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(sent.notifications.last?.outcome == .delivered)
        #expect(
            sent.environmentFile == EnvironmentFileRecord(path: ".smokerun/env", variables: ["SMOKERUN_WEBHOOK_URL"]))
        #expect(!sent.errors.contains { $0.message.contains("no notification was sent") })
        // The secret is in no file the run wrote.
        let reportText = try String(
            contentsOf: root.appendingPathComponent(".smokerun/latest/report.json"), encoding: .utf8)
        #expect(!reportText.contains("cron-secret") && !secondLog.contains("cron-secret"))
        // The file's variables are the notifier's: the test process never had the URL.
        let console = try String(
            contentsOf: root.appendingPathComponent(".smokerun/latest/console.log"), encoding: .utf8)
        #expect(console.contains("webhook seen by the test: none"), "\(console)")
        #expect(!console.contains("cron-secret"))
    }

    @Test func aRunWithAMalformedEnvironmentFileExitsTwoNamingTheLine() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-envbad-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = try Self.writeFailingPackage(in: root)
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "alarm", "swiftpm": {"packagePath": "Alarm"}}"#, named: "alarm", next: package)
        let envFile = root.appendingPathComponent(".smokerun/env")
        try FileManager.default.createDirectory(
            at: envFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("SMOKERUN_WEBHOOK_URL=https://hooks.example/x\nexport\n".utf8).write(to: envFile)
        #expect(chmod(envFile.path, 0o600) == 0)
        let err = BufferOutput()
        let context = HostContext(standardOutput: BufferOutput(), standardError: err, currentDirectory: root)
        let code = await CommandLineTool.run(arguments: ["run", "Pipelines/alarm.json"], context: context)
        #expect(code == .invalidInput)
        #expect(
            err.text.contains("smokerun run: .smokerun/env:2: not a KEY=VALUE line: there is no '='"), "\(err.text)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".smokerun/runs").path))
    }

    @Test func aRefusedEnvironmentFileSaysTheVariableIsThereAndSecretSetMakesItUsable() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-envopen-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = try Self.writeFailingPackage(in: root)
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "alarm", "swiftpm": {"packagePath": "Alarm"}, "coverage": {"enabled": false}, "reports": ["json"], "notify": {"maxAttempts": 1}}"#,
            named: "alarm", next: package)
        // `echo URL > .smokerun/env` under the usual umask: mode 644.
        let envFile = root.appendingPathComponent(".smokerun/env")
        try FileManager.default.createDirectory(
            at: envFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("SMOKERUN_WEBHOOK_URL=https://hooks.example/x\n".utf8).write(to: envFile)
        #expect(chmod(envFile.path, 0o644) == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["SMOKERUN_WEBHOOK_URL"] = nil
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: environment, currentDirectory: root)
        let code = await CommandLineTool.run(arguments: ["run", "Pipelines/alarm.json"], context: context)
        // The same status as a run that notified; the reason on stderr and in report.json.
        #expect(code == .testsFailed, "\(err.text)")
        #expect(
            err.text.contains(
                "smokerun: warning: .smokerun/env: refused: it holds secrets but group or others may read or write it (mode 644); run `chmod 600 .smokerun/env` (this run goes on without its variables)"
            ), "\(err.text)")
        let thereButUnused =
            "no notification was sent: .smokerun/env: refused: mode 644 lets group or others read or write it; the variable is there but was not used (SMOKERUN_WEBHOOK_URL)"
        #expect(err.text.contains("smokerun: warning: \(thereButUnused)"), "\(err.text)")
        #expect(!err.text.contains("set neither"))
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.status == .failed)
        #expect(report.errors.filter { $0.severity == .warning }.count == 2)
        #expect(report.errors.contains { $0.message.hasPrefix(thereButUnused) })

        // `secret set` rewrites it with mode 600; a smokerun setting put in the file changes nothing.
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { receiver.stop() }
        let url = receiver.url(token: "secret-set-\(UUID().uuidString.prefix(6))")
        for (name, value) in [
            ("SMOKERUN_WEBHOOK_URL", url.absoluteString), ("SMOKERUN_SQLITE_LIBRARY", "/nonexistent/libsqlite3.so.0"),
        ] {
            let secretOut = BufferOutput()
            let secret = try SecretCommand(arguments: ["set", name, "--pipeline", "Pipelines/alarm.json"]) {
                Array("\(value)\n".utf8)
            }
            let secretContext = HostContext(
                standardOutput: secretOut, standardError: BufferOutput(), environment: environment,
                currentDirectory: root)
            #expect(try await secret.run(in: secretContext) == .passed)
            #expect(secretOut.text == "secret: \(name) written to .smokerun/env (mode 600)\n")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: envFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let secondErr = BufferOutput()
        let second = HostContext(
            standardOutput: BufferOutput(), standardError: secondErr, environment: environment, currentDirectory: root)
        #expect(await CommandLineTool.run(arguments: ["run", "Pipelines/alarm.json"], context: second) == .testsFailed)
        #expect(receiver.requests.count == 1, "\(secondErr.text)")
        #expect(
            secondErr.text.contains("smokerun: warning: .smokerun/env: ignored SMOKERUN_SQLITE_LIBRARY: this file"),
            "\(secondErr.text)")
        #expect(!secondErr.text.contains("history"), "\(secondErr.text)")
        let database = root.appendingPathComponent(".smokerun/history.sqlite")
        if case .success = SQLiteLibrary.load() {
            #expect(FileManager.default.fileExists(atPath: database.path))
            #expect(
                try HistoryOpening.open(outputFolder: root.appendingPathComponent(".smokerun")).runs(pipeline: nil)
                    .count
                    == 2)
        }
    }
}
