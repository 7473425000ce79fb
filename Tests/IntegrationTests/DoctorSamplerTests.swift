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

/// `smokerun doctor` with the real probes on the Sampler fixture: the real toolchain and its llvm tools, a real
/// build, the real environment file, and a test message through the real notifier to a receiver on 127.0.0.1.
@Suite(.timeLimit(.minutes(10))) struct DoctorSamplerTests {
    @Test func doctorChecksTheSamplerPipelineForReal() async throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        let root = package.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "sampler", "schedule": "17 */4 * * *", "swiftpm": {"packagePath": "Sampler"}}"#,
            named: "smoke", next: package)
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
        defer { receiver.stop() }
        let envFile = root.appendingPathComponent(".smokerun/env")
        try FileManager.default.createDirectory(
            at: envFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let url = receiver.url(token: "doctor-secret")
        try Data("SMOKERUN_WEBHOOK_URL=\(url.absoluteString)\n".utf8).write(to: envFile)
        #expect(chmod(envFile.path, 0o600) == 0)
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        (environment["SMOKERUN_WEBHOOK_URL"], environment["HOME"]) = (nil, home.path)
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: environment, currentDirectory: root)

        let code = await CommandLineTool.run(arguments: ["doctor", "--send-test"], context: context)
        let text = out.text
        let failed = text.split(separator: "\n").filter { $0.hasPrefix("✘") }
        // Nothing is installed in this fresh HOME: that is the one failing check.
        #expect(code == .checkFailed, "\(text)")
        #expect(failed.count == 1 && failed.first?.hasPrefix("✘ installed schedule:") == true, "\(text)")
        #expect(text.contains("✔ pipeline: Pipelines/smoke.json loads (sampler, swiftpm)\n"))
        #expect(text.contains("✔ environment file: .smokerun/env: SMOKERUN_WEBHOOK_URL (mode 600, yours)\n"))
        #expect(text.contains("✔ toolchain: swift: "))
        #expect(text.contains("llvm-profdata, ") && text.contains("/llvm-cov\n"), "\(text)")
        #expect(text.contains("✔ build: swift build --build-tests built SamplerPackageTests.xctest in "), "\(text)")
        #expect(text.contains(" (into Sampler/.build/smokerun)\n"), "\(text)")
        #expect(text.contains("✔ schedule: '17 */4 * * *' in UTC; next: "))
        #expect(text.contains("✔ notify: SMOKERUN_WEBHOOK_URL from .smokerun/env: a webhook on 127.0.0.1\n"))
        #expect(text.contains("✔ test message: delivered to $SMOKERUN_WEBHOOK_URL"))
        #expect(text.contains("✔ output folder: .smokerun is writable\n"))
        #expect(!text.contains("doctor-secret"))
        #expect(receiver.requests.count == 1)
        let body = String(decoding: receiver.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(body.contains("smokerun doctor: test message for pipeline sampler"), "\(body)")
        // No test ran: no run folder.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".smokerun/runs").path))

        // Built once, the second doctor finds the build up to date.
        let again = BufferOutput()
        var second = context
        second.standardOutput = again
        _ = await CommandLineTool.run(arguments: ["doctor"], context: second)
        #expect(again.text.contains("✔ build: up to date ("), "\(again.text)")
    }
}
