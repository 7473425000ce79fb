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

/// `smokerun doctor` over fake probes: each way a check fails, with its fix, and the exit status.
@Suite struct DoctorCommandTests {
    struct Broken: LocalizedError {
        var errorDescription: String?
        init(_ text: String) { errorDescription = text }
    }

    /// A swiftpm pipeline whose messages link to its published dashboard.
    static var linked: Pipeline {
        var pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.notify.dashboardURL = "https://acme.github.io/shop/"
        return pipeline
    }

    static let now = ISO8601DateFormatter().date(from: "2026-11-27T05:00:00Z")!

    /// Every probe healthy: a swiftpm pipeline, swift and its tools found, the build up to date, the output
    /// writable, a crontab line installed, the test message delivered.
    static func healthy(_ pipeline: Pipeline = linked) -> DoctorProbes {
        DoctorProbes(
            loadPipeline: { _, _ in pipeline },
            locateSwift: { _ in URL(fileURLWithPath: "/toolchain/usr/bin/swift") },
            coverageTools: { _, _ in
                [
                    URL(fileURLWithPath: "/toolchain/usr/bin/llvm-profdata"),
                    URL(fileURLWithPath: "/toolchain/usr/bin/llvm-cov"),
                ]
            },
            build: { _, _, _, _ in "up to date (12 files and folders unchanged since smokerun's last build)" },
            resolveSimulators: { _, _ in ["iPhone SE (3rd generation) iOS 17.5 0000-UDID"] },
            probeWritable: { _ in },
            findSchedule: { _, _, _ in ["a crontab line (crontab -l)"] },
            sendTest: { pipeline, _ in
                NotificationRecord(
                    kind: nil, format: pipeline.notify.format,
                    target: "$SMOKERUN_WEBHOOK_URL (https://hooks.example/…)",
                    attempts: 1, outcome: .delivered, httpStatus: 200)
            },
            environmentFileReader: EnvironmentFileReader(), now: { now }, isMacOS: false)
    }

    /// Runs doctor in a fresh project folder whose `.smokerun/env` holds `envFile` (mode 600) unless nil.
    static func doctor(
        _ arguments: [String] = ["--send-test"], probes: DoctorProbes = healthy(),
        envFile: String? = "SMOKERUN_WEBHOOK_URL=https://hooks.example/services/T0/B0/secret\n", mode: mode_t = 0o600,
        environment: [String: String] = ["PATH": "/usr/bin:/bin"]
    ) async throws -> (code: ExitCode, output: String) {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        try TestPipelineFiles.write(#"{"name": "smoke"}"#, as: "smoke.json", in: root.url)
        if let envFile {
            let folder = root.url.appendingPathComponent(".smokerun")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(envFile.utf8).write(to: folder.appendingPathComponent("env"))
            #expect(chmod(folder.appendingPathComponent("env").path, mode) == 0)
        }
        let output = BufferOutput()
        let context = HostContext(
            standardOutput: output, standardError: BufferOutput(), environment: environment, currentDirectory: root.url)
        let code = try await DoctorCommand(arguments: arguments, probes: probes).run(in: context)
        return (code, output.text)
    }

    @Test func aHealthyPipelinePassesEveryCheck() async throws {
        let (code, output) = try await Self.doctor()
        #expect(code == .passed)
        #expect(
            output == """
                smokerun doctor: Pipelines/smoke.json
                ✔ pipeline: Pipelines/smoke.json loads (smoke, swiftpm)
                ✔ environment file: .smokerun/env: SMOKERUN_WEBHOOK_URL (mode 600, yours)
                ✔ toolchain: swift: /toolchain/usr/bin/swift (PATH)
                ✔ coverage tools: /toolchain/usr/bin/llvm-profdata, /toolchain/usr/bin/llvm-cov
                ✔ build: up to date (12 files and folders unchanged since smokerun's last build)
                ✔ schedule: '0 */4 * * *' in UTC; next: 2026-11-27T08:00:00+00:00, 2026-11-27T12:00:00+00:00, 2026-11-27T16:00:00+00:00
                ✔ notify: SMOKERUN_WEBHOOK_URL from .smokerun/env: a webhook on hooks.example
                ✔ test message: delivered to $SMOKERUN_WEBHOOK_URL (https://hooks.example/…) (HTTP 200)
                ✔ device: host (this machine; no simulator needed)
                ✔ output folder: .smokerun is writable
                ✔ installed schedule: a crontab line (crontab -l)
                doctor: all 11 checks passed

                """)
        #expect(!output.contains("secret"))
    }

    /// A pipeline pinning another Swift than the one found fails doctor as every run would fail, before any test.
    @Test func aPinnedSwiftThisToolchainIsNotFailsTheToolchain() async throws {
        var pinned = Self.linked
        pinned.devices[0].swift = "5.10"
        var probes = Self.healthy(pinned)
        probes.identifySwift = { swift, _ in
            SwiftToolchain(swift: swift, version: "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
        }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(output.contains("✘ toolchain: the pipeline pins Swift 5.10 (device.swift)"), "\(output)")
    }

    @Test func aWebhookWithNoLinkAnyoneCanOpenIsAWarningWithTheFix() async throws {
        let unlinked = Self.healthy(Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: "."))))
        let (code, output) = try await Self.doctor(probes: unlinked)
        #expect(code == .passed)
        #expect(
            output.contains(
                """
                ! link: messages name the report's path on this machine (host:/path/index.html), which nobody else can open
                    fix: set notify.dashboardURL to where the dashboard is published
                """))
        #expect(output.hasSuffix("doctor: all 11 checks passed, 1 with a warning\n"))
        // Under GitHub Actions the run's page is the link.
        let actions = try await Self.doctor(
            probes: unlinked, environment: ["PATH": "/usr/bin:/bin", "GITHUB_ACTIONS": "true"])
        #expect(!actions.output.contains("link:"))
    }

    @Test func noSwiftFailsTheToolchainAndSkipsWhatNeedsIt() async throws {
        var probes = Self.healthy()
        probes.locateSwift = { _ in
            throw Broken(
                "cannot find 'swift' on PATH; install a Swift toolchain or set SMOKERUN_SWIFT to its swift binary")
        }
        probes.build = { _, _, _, _ in
            Issue.record("built without swift")
            return ""
        }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(code.rawValue == 5)
        #expect(output.contains("✘ toolchain: cannot find 'swift' on PATH"))
        #expect(output.contains("    fix: install a Swift toolchain, or set SMOKERUN_SWIFT to its swift binary\n"))
        #expect(!output.contains("build:"))
        #expect(output.hasSuffix("doctor: 1 of 9 checks failed; fix them and run doctor again\n"))
    }

    @Test func noWebhookVariableNamesTheFileToPutItIn() async throws {
        let (code, output) = try await Self.doctor(envFile: nil)
        #expect(code == .checkFailed)
        #expect(output.contains("✔ environment file: .smokerun/env is not there (optional: secrets go there)\n"))
        #expect(
            output.contains(
                """
                ✘ notify: SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment) is set neither in the environment nor in .smokerun/env
                    fix: write it with `smokerun secret set SMOKERUN_WEBHOOK_URL` (the value on standard input; mode 600)
                """))
        // No test message without a URL.
        #expect(!output.contains("test message"))
    }

    @Test func aVariableOnlyInTheShellPassesButSaysJobsWillNotHaveIt() async throws {
        let (code, output) = try await Self.doctor(
            ["--no-build"], envFile: nil,
            environment: ["PATH": "/usr/bin:/bin", "SMOKERUN_WEBHOOK_URL": "https://hooks.slack.com/services/T/B/x"])
        #expect(code == .passed)
        #expect(
            output.contains(
                "✔ notify: SMOKERUN_WEBHOOK_URL from this shell only (a scheduled job reads .smokerun/env; add it there too): a webhook on hooks.slack.com\n"
            ))
        #expect(output.contains("– build: --no-build\n"))
    }

    @Test func aSlackUploadPipelineNeedsItsTokenAndSendsNoTestMessage() async throws {
        var pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.notify.slackUpload = SlackUploadSettings(channel: "C0123")
        var probes = Self.healthy(pipeline)
        probes.sendTest = { _, _ in
            Issue.record("a test message for a slackUpload pipeline")
            return NotificationRecord(kind: nil, format: .slack, target: "-", attempts: 0, outcome: .failed)
        }
        var (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output.contains(
                """
                ✘ notify: SLACK_BOT_TOKEN (notify.slackUpload.tokenEnvironment) is set neither in the environment nor in .smokerun/env
                """))
        (code, output) = try await Self.doctor(probes: probes, envFile: "SLACK_BOT_TOKEN=xoxb-1\n")
        #expect(code == .passed)
        #expect(output.contains("✔ notify: SLACK_BOT_TOKEN from .smokerun/env\n"))
        #expect(output.contains("– test message: notify.slackUpload posts through Slack's Web API"))
        #expect(!output.contains("xoxb"))
    }

    @Test func aWebhookVariableThatIsNoURLFails() async throws {
        let (code, output) = try await Self.doctor(envFile: "SMOKERUN_WEBHOOK_URL=hooks.slack.com/services\n")
        #expect(code == .checkFailed)
        #expect(output.contains("✘ notify: SMOKERUN_WEBHOOK_URL from .smokerun/env does not hold an http(s) URL\n"))
    }

    @Test func aGroupReadableEnvironmentFileFailsWithTheChmodFix() async throws {
        let (code, output) = try await Self.doctor(mode: 0o644)
        #expect(code == .checkFailed)
        #expect(output.contains("✘ environment file: .smokerun/env: refused: it holds secrets but group or others"))
        #expect(output.contains("    fix: chmod 600 .smokerun/env\n"))
        // Refused, so its variable is not used either.
        #expect(output.contains("✘ notify: SMOKERUN_WEBHOOK_URL (notify.webhookURLEnvironment) is set neither"))
    }

    @Test func aMalformedEnvironmentFileNamesTheLine() async throws {
        let (code, output) = try await Self.doctor(envFile: "# secrets\nSMOKERUN_WEBHOOK_URL https://x\n")
        #expect(code == .checkFailed)
        #expect(output.contains("✘ environment file: .smokerun/env:2: not a KEY=VALUE line: there is no '='"))
    }

    @Test func anUnwritableOutputFolderFails() async throws {
        var probes = Self.healthy()
        probes.probeWritable = { folder in throw StoreError.writeFailed(path: folder.path, reason: "Permission denied")
        }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(output.contains("✘ output folder: .smokerun is not writable:"))
        #expect(output.contains("Permission denied"))
        #expect(output.contains("    fix: make .smokerun a folder the user running smokerun can write"))
    }

    /// An empty probe file fits on a full disk: the folder's file system must have room for a run too, and the live
    /// probe passes here, where it has.
    @Test func anOutputFolderWithoutRoomFails() async throws {
        #expect(DoctorProbes.NoRoom(freeBytes: 2 << 20).isShort && !DoctorProbes.NoRoom(freeBytes: 500 << 20).isShort)
        var probes = Self.healthy()
        probes.probeWritable = { _ in throw DoctorProbes.NoRoom(freeBytes: 0) }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output.contains(
                "✘ output folder: .smokerun is writable, with only 0 KB free, where a run needs some megabytes"))
        #expect(output.contains("    fix: free space there, or set \"output\" to a folder on a disk with room"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-room-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try DoctorProbes.live.probeWritable(folder)
    }

    @Test func aBrokenBuildShowsTheCompilerLines() async throws {
        var probes = Self.healthy()
        probes.build = { _, _, _, _ in
            throw DoctorBuildError(
                record: InfrastructureError(
                    message: "the build failed (exit status 1)",
                    details: ["Sources/Tip/Tip.swift:3:5: error: cannot find 'totl' in scope"]))
        }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output.contains(
                """
                ✘ build: the build failed (exit status 1)
                    Sources/Tip/Tip.swift:3:5: error: cannot find 'totl' in scope
                    fix: fix the errors above
                """))
    }

    @Test func aBadScheduleOrTimeZoneFails() async throws {
        var pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        pipeline.schedule = "61 * * * *"
        var (code, output) = try await Self.doctor(probes: Self.healthy(pipeline))
        #expect(code == .checkFailed)
        #expect(output.contains("✘ schedule: "))
        #expect(output.contains("    fix: correct \"schedule\" (five cron fields)\n"))
        pipeline.schedule = "0 */4 * * *"
        pipeline.timeZone = "Mars/Olympus"
        (code, output) = try await Self.doctor(probes: Self.healthy(pipeline))
        #expect(output.contains("✘ schedule: timeZone 'Mars/Olympus' is not an IANA time zone name\n"))
    }

    @Test func missingCoverageToolsFail() async throws {
        var probes = Self.healthy()
        probes.coverageTools = { _, _ in throw Broken("llvm-cov is not next to /usr/bin/swift") }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(output.contains("✘ coverage tools: llvm-cov is not next to /usr/bin/swift\n"))
    }

    @Test func noInstalledScheduleFailsWithTheInstallFix() async throws {
        var probes = Self.healthy()
        probes.findSchedule = { _, _, _ in [] }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output.contains(
                "✘ installed schedule: no crontab line, systemd timer or launchd agent runs Pipelines/smoke.json"))
        #expect(
            output.contains(
                "    fix: run `smokerun install Pipelines/smoke.json` and install one of the snippets it prints\n"))
    }

    @Test func aTestMessageThatIsNotDeliveredFails() async throws {
        var probes = Self.healthy()
        probes.sendTest = { _, _ in
            NotificationRecord(
                kind: nil, format: .slack, target: "$SMOKERUN_WEBHOOK_URL (https://hooks.example/…)", attempts: 1,
                outcome: .failed, httpStatus: 404, detail: "HTTP 404: no_service")
        }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(output.contains("✘ test message: notify: outbox item (slack) to $SMOKERUN_WEBHOOK_URL"))
        #expect(output.contains("(HTTP 404): HTTP 404: no_service"))
    }

    @Test func aPipelineThatDoesNotLoadStopsThere() async throws {
        var probes = Self.healthy()
        probes.loadPipeline = { _, shown in throw Broken("\(shown): unknown key 'schedul' (did you mean 'schedule'?)") }
        probes.pipelineExists = { _ in true }
        let (code, output) = try await Self.doctor(probes: probes)
        #expect(code == .checkFailed)
        #expect(
            output == """
                smokerun doctor: Pipelines/smoke.json
                ✘ pipeline: Pipelines/smoke.json: unknown key 'schedul' (did you mean 'schedule'?)
                    fix: correct Pipelines/smoke.json as the message says
                doctor: 1 of 1 checks failed; fix them and run doctor again

                """)
    }

    @Test func anXcodebuildPipelineOnLinuxSaysItNeedsMacOS() async throws {
        var settings = XcodebuildSettings(scheme: "App")
        settings.project = "App.xcodeproj"
        let pipeline = Pipeline(name: "ios", driver: .xcodebuild(settings))
        let (code, output) = try await Self.doctor(probes: Self.healthy(pipeline))
        #expect(code == .passed)
        #expect(
            output.contains("– toolchain: xcodebuild pipelines build and run on macOS with Xcode; check them there\n"))
        #expect(output.contains("– device: simulator profiles resolve with xcrun simctl, which needs macOS\n"))
    }

    @Test func argumentsAreChecked() {
        #expect(throws: UsageError.self) { try DoctorCommand(arguments: ["a.json", "b.json"]) }
        #expect(throws: UsageError.self) { try DoctorCommand(arguments: ["--build-seconds", "0"]) }
        #expect(throws: UsageError.self) { try DoctorCommand(arguments: ["--sendtest"]) }
    }
}
