import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The crontab line `smokerun install` prints runs as written under cron's environment
/// (`PATH=/usr/bin:/bin`, a HOME and nothing else): it carries PATH and SMOKERUN_SWIFT itself.
@Suite struct InstallCronTests {
    /// The command part of the crontab entry (after the five schedule fields), as cron hands it to
    /// `/bin/sh -c`: `\%` becomes `%`.
    static func cronCommand(in installOutput: String, schedule: String) throws -> String {
        let line = try #require(installOutput.split(separator: "\n").first { $0.hasPrefix(schedule + " ") })
        return String(line.dropFirst(schedule.count + 1)).replacingOccurrences(of: "\\%", with: "%")
    }

    @Test func thePrintedCronCommandRunsThePipelineUnderCronsEnvironment() throws {
        let package = try IntegrationSupport.copyFixture("TipCalculator")
        let root = package.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try IntegrationSupport.writePipeline(
            #"""
            {"name": "cron-smoke", "schedule": "17 */4 * * *", "swiftpm": {"packagePath": "TipCalculator"},
             "coverage": {"enabled": false}, "reports": ["json"]}
            """#, named: "cron-smoke", next: package)
        var environment = ProcessInfo.processInfo.environment
        environment["SMOKERUN_SWIFT"] = nil
        let install = try IntegrationSupport.runToEnd(
            IntegrationSupport.smokerunBinary.path, ["install", "Pipelines/cron-smoke.json"], environment: environment,
            in: root)
        #expect(install.status == 0, "\(install.output)")
        let command = try Self.cronCommand(in: install.output, schedule: "17 */4 * * *")
        #expect(command.contains("SMOKERUN_SWIFT="))

        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cron = try IntegrationSupport.runToEnd(
            "/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "HOME=\(home.path)", "/bin/sh", "-c", command],
            environment: [:], in: home)
        let log =
            (try? String(contentsOf: root.appendingPathComponent(".smokerun/cron.log"), encoding: .utf8))
            ?? "(no cron.log)"
        #expect(cron.status == 0, "\(cron.output)\n\(log)")
        #expect(log.contains("cron-smoke: passed"), "\(log)")
        // The run recorded its pipeline file as it can be passed back, and printed that replay command.
        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        #expect(report.pipelineFile == "Pipelines/cron-smoke.json")
        #expect(
            report.pipelineHash
                == SHA256.hex(try Data(contentsOf: root.appendingPathComponent("Pipelines/cron-smoke.json"))))
        let seed = try #require(report.seed)
        #expect(log.contains("(replay: smokerun run Pipelines/cron-smoke.json --seed \(seed))"))
        // It built in its own scratch folder, not the developer's .build.
        #expect(
            FileManager.default.fileExists(atPath: package.appendingPathComponent(".build/smokerun-no-coverage").path))
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".build/debug").path))
    }

    /// Only meaningful where cron's PATH has no swift of its own (the official images put one in /usr/bin).
    static let cronPathLacksSwift = ExecutableLocator.find("swift", path: "/usr/bin:/bin") == nil

    @Test(.enabled(if: cronPathLacksSwift, "this machine has swift in /usr/bin, so cron's PATH finds it anyway"))
    func withoutTheVariablesARunCannotFindSwift() throws {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-cron-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"name": "bare", "swiftpm": {"packagePath": "."}}"#.utf8).write(
            to: folder.appendingPathComponent("Pipelines/bare.json"))
        // A package, so the pipeline passes its path checks and the run gets as far as looking for swift.
        try Data("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Bare\")\n".utf8)
            .write(to: folder.appendingPathComponent("Package.swift"))
        let bare = try IntegrationSupport.runToEnd(
            "/usr/bin/env",
            [
                "-i", "PATH=/usr/bin:/bin", "HOME=\(folder.path)", IntegrationSupport.smokerunBinary.path, "run",
                "Pipelines/bare.json", "--no-notify",
            ],
            environment: [:], in: folder)
        #expect(bare.status == 3, "\(bare.output)")
        #expect(bare.output.contains("cannot find 'swift' on PATH"))
    }
}
