import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `<output>/env` holds the notifier's secrets and nothing else reaches smokerun through it: its own settings
/// (`SMOKERUN_SQLITE_LIBRARY`, any other variable) come only from the real environment.
@Suite struct SmokeRunEnvironmentFileTests {
    private func run(envFile text: String, mode: mode_t = 0o600, in folder: TemporaryDirectory) throws -> SmokeRun {
        let output = folder.url.appendingPathComponent(".smokerun")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let file = output.appendingPathComponent("env")
        try Data(text.utf8).write(to: file)
        #expect(chmod(file.path, mode) == 0)
        let pipeline = Pipeline(name: "smoke", driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: ["PATH": "/usr/bin:/bin"],
            currentDirectory: folder.url)
        var smokeRun = SmokeRun(
            pipeline: pipeline, options: SmokeRun.Options(), context: context, cancellation: CancellationFlag())
        try smokeRun.loadEnvironmentFile()
        return smokeRun
    }

    @Test func smokerunsOwnSettingsInTheFileReachNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let smokeRun = try run(
            envFile: """
                SMOKERUN_SQLITE_LIBRARY=/tmp/planted/libsqlite3.so
                SMOKERUN_WEBHOOK_URL=https://hooks.example/secret
                PATH=/tmp/planted/bin

                """, in: folder)
        let finisher = smokeRun.finisher
        // The finisher opens the history with the context's SQLite, loaded from the real environment.
        #expect(finisher.context.environment == ["PATH": "/usr/bin:/bin"])
        #expect(finisher.notifyEnvironment?["SMOKERUN_WEBHOOK_URL"] == "https://hooks.example/secret")
        #expect(finisher.notifyEnvironment?["SMOKERUN_SQLITE_LIBRARY"] == nil)
        #expect(finisher.notifyEnvironment?["PATH"] == "/usr/bin:/bin")
        #expect(smokeRun.environmentFile?.variables == ["SMOKERUN_WEBHOOK_URL"])
        let warning = try #require(smokeRun.environmentFileWarning)
        #expect(warning.hasPrefix(".smokerun/env: ignored SMOKERUN_SQLITE_LIBRARY, PATH: this file supplies only"))
    }

    @Test func aVariableInAFileRefusedForItsModeIsThereButNotUsed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let smokeRun = try run(envFile: "SMOKERUN_WEBHOOK_URL=https://hooks.example/T0KEN\n", mode: 0o644, in: folder)
        // The value: never in a message.
        let finisher = smokeRun.finisher
        #expect(finisher.notifyEnvironment?["SMOKERUN_WEBHOOK_URL"] == nil)
        var record = NotificationRecord(
            kind: .failure, format: .slack, target: "$SMOKERUN_WEBHOOK_URL", attempts: 0, outcome: .suppressed)
        record.missingVariable = "SMOKERUN_WEBHOOK_URL"
        let warnings = finisher.missingVariableWarnings([record, record])
        #expect(warnings.count == 1)
        let message = try #require(warnings.first?.message)
        #expect(
            message.hasPrefix(
                """
                no notification was sent: .smokerun/env: refused: mode 644 lets group or others read or write it; \
                the variable is there but was not used (SMOKERUN_WEBHOOK_URL)
                """), "\(message)")
        #expect(!message.contains("set neither"))
        #expect(!message.contains("T0KEN"))
    }
}
