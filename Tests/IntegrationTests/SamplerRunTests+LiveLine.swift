import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The real binary on a pseudo-terminal (`script`) while the Sampler's XCTest hangs: the live line names the
/// hanging test and shows its time, until `timeouts.testSeconds` stops it.
extension SamplerRunTests {
    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    @Test(.enabled(if: hasScript, "needs script(1) from util-linux for a pseudo-terminal"))
    func onATerminalTheLiveLineNamesTheHangingTestWithItsTime() throws {
        let package = try Self.package.get()
        let json = """
            {
              "name": "hang",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)", "filter": ["testHangsForever"] },
              "environment": { "IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1" },
              "timeouts": { "runSeconds": 600, "testSeconds": 9 },
              "coverage": { "enabled": false }
            }
            """
        let pipeline = try IntegrationSupport.writePipeline(json, named: "hang", next: package)
        var environment = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "SMOKERUN_WEBHOOK_URL", "GITHUB_ACTIONS"] { environment.removeValue(forKey: key) }
        environment["TERM"] = "xterm"
        let command = "'\(IntegrationSupport.smokerunBinary.path)' run '\(pipeline.path)' --no-notify"
        let child = try ChildProcess(
            executable: "/usr/bin/script", arguments: ["-qec", command, "/dev/null"], environment: environment,
            currentDirectory: package.deletingLastPathComponent())
        var bytes = Data()
        let deadline = Date().addingTimeInterval(600)
        let termination = child.run(
            onOutput: { bytes.append(contentsOf: $0) }, onTick: { Date() > deadline ? .kill : .keepRunning })
        let output = String(decoding: bytes, as: UTF8.self)
        #expect(termination == .exited(1), "\(output)")
        let test = "LedgerXCTests/testHangsForever"
        // Named from its start line, before any time shows, then with its time.
        #expect(output.contains("[1/1] \(test) …\r"), "\(output.debugDescription)")
        let times = ["5s", "6s", "7s", "8s"].filter { output.contains("[1/1] \(test) … \($0)") }
        // About once a second: a busy machine may skip a beat, never most of them.
        #expect(times.count >= 2, "\(output.debugDescription)")
        #expect(output.contains("timedOut") || output.contains("timed out"), "\(output.debugDescription)")
    }
}
