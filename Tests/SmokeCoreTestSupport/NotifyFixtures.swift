import Foundation

@testable import SmokeCore

/// Hand-made runs for the notify tests: a pipeline run every four hours from a fixed date.
enum NotifyFixtures {
    /// 2026-11-22T04:00:00Z.
    static let firstRun = Date(timeIntervalSince1970: 1_795_320_000)
    static let device = ResolvedDevice(
        platform: "iOS Simulator", name: "iPhone SE (3rd generation)", runtime: "iOS 17.5")

    /// The run id of the n-th run (0-based): sorts by time, like the Store's.
    static func runID(_ index: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: start(index)) + String(format: "-%04x", index)
    }

    static func start(_ index: Int) -> Date { firstRun.addingTimeInterval(Double(index) * 4 * 3600) }

    /// A made-up 40-digit commit hash for the n-th run: one commit per run.
    static func commit(_ index: Int) -> String {
        String(repeating: String(format: "%02x", (index * 37 + 11) % 256), count: 4) + String(repeating: "0", count: 32)
    }

    static func failing(
        _ id: String, message: String = "XCTAssertEqual failed: (\"1\") is not equal to (\"2\")",
        status: TestStatus = .failed, line: Int = 42, attachments: [AttachmentRecord] = []
    ) -> TestResult {
        let (suite, name) = split(id)
        return TestResult(
            id: id, name: name, suite: suite, framework: .xctest, status: status, durationSeconds: 0.5,
            failures: [TestFailure(message: message, file: "Tests/AppTests/\(suite).swift", line: line)],
            attachments: attachments
        )
    }

    static func passing(_ id: String, flaky: Bool = false) -> TestResult {
        let (suite, name) = split(id)
        return TestResult(
            id: id, name: name, suite: suite, framework: .xctest, status: .passed, durationSeconds: 0.25, flaky: flaky)
    }

    static func report(
        _ index: Int, tests: [TestResult], errors: [InfrastructureError] = [], pipeline: String = "smoke",
        seed: UInt64? = 12_345_678_901_234
    ) -> RunReport {
        var report = RunReport(
            pipeline: pipeline, runID: runID(index), status: RunReport.status(of: tests, errors: errors),
            startedAt: start(index), finishedAt: start(index).addingTimeInterval(125.5), seed: seed,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: seed),
            environment: ["IS_UNIT_TESTING": "1"],
            device: device, toolchain: ToolchainInfo(version: "Swift version 6.3.1"), tests: tests, errors: errors
        )
        report.pipelineFile = "Pipelines/\(pipeline).json"
        return report
    }

    static func history(_ reports: [RunReport]) -> [HistoryEntry] {
        reports.map { HistoryEntry(report: $0, path: "runs/\($0.runID)") }
    }

    /// Ten passing tests around the given failing ones.
    static func suite(failing: [TestResult], flaky: [String] = []) -> [TestResult] {
        (0..<10).map { passing("AppTests.CheckoutTests/testStep\($0)") } + flaky.map { passing($0, flaky: true) }
            + failing
    }

    private static func split(_ id: String) -> (String, String) {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let suite = parts.first?.split(separator: ".").last.map(String.init) ?? id
        return (suite, parts.count > 1 ? parts[1] : id)
    }
}
