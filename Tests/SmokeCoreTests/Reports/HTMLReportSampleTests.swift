import Foundation
import Testing

@testable import SmokeCore

/// The page people look at after a bad night: a crash, a hang, a skip, a flaky test and 200 passing
/// tests. `Scripts/render-report.sh` writes it (through `SMOKERUN_HTML_SAMPLE`) and screenshots it in
/// headless Chromium at 1280 px.
@Suite struct HTMLReportSampleTests {
    static var sample: RunReport {
        var tests: [TestResult] = []
        func add(
            _ suite: String, _ name: String, _ status: TestStatus, _ seconds: Double, failures: [TestFailure] = [],
            output: [String] = [], flaky: Bool = false, attempts: [TestAttempt] = []
        ) {
            tests.append(
                TestResult(
                    id: "CheckoutTests.\(suite)/\(name)", name: name, suite: suite, framework: .xctest, status: status,
                    durationSeconds: seconds, order: tests.count + 1, flaky: flaky, failures: failures, output: output,
                    attempts: attempts))
        }
        add(
            "CartTests", "testRemovingTheLastItemEmptiesTheCart", .crashed, 0.41,
            failures: [
                TestFailure(
                    message: "Fatal error: Index out of range", file: "/home/ci/work/shop/Sources/Checkout/Cart.swift",
                    line: 88)
            ], output: ["removing item 3 of 2"])
        add(
            "PaymentTests", "testCardPaymentCompletesWithinTheGatewayTimeout", .timedOut, 300,
            failures: [
                TestFailure(message: "Exceeded the time limit of 300 seconds")
            ])
        add(
            "FeatureFlagTests", "testNewCheckoutFlow", .skipped, 0,
            output: ["Skipped: new checkout is behind a flag on Linux"])
        add(
            "CartTests", "testApplyingACouponTwiceCountsOnce", .passed, 0.09, flaky: true,
            attempts: [
                TestAttempt(
                    status: .failed, durationSeconds: 0.12,
                    failures: [
                        TestFailure(
                            message: "XCTAssertEqual failed: (\"2\") is not equal to (\"1\")",
                            file: "/home/ci/work/shop/Tests/CheckoutTests/CartTests.swift", line: 41)
                    ]),
                TestAttempt(status: .passed, durationSeconds: 0.09),
            ])
        for index in 0..<200 {
            let suite = [
                "CartTests", "PaymentTests", "ShippingTests", "TaxCalculationTests", "ReceiptFormattingTests",
            ][index % 5]
            add(
                suite, "testScenarioNumber\(index)WithAFairlyLongDescriptiveNameThatTeamsLikeToWrite", .passed,
                Double(index % 17) * 0.013 + 0.001)
        }
        var report = RunReport(
            pipeline: "smoke", runID: "20261123T040000Z-7c1e", status: .failed,
            startedAt: Date(timeIntervalSince1970: 1_795_406_400),
            finishedAt: Date(timeIntervalSince1970: 1_795_406_763), seed: 8_402_113_757_241_118_913,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 8_402_113_757_241_118_913),
            environment: ["IS_UNIT_TESTING": "1"],
            device: ResolvedDevice(platform: "host", operatingSystem: "Linux", architecture: "x86_64"),
            toolchain: ToolchainInfo(version: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", path: nil), tests: tests,
            coverage: CoverageSummary(
                lines: CoverageCount(covered: 1_812, count: 2_034), functions: CoverageCount(covered: 301, count: 340),
                regions: CoverageCount(covered: 2_410, count: 2_900), branches: CoverageCount(covered: 0, count: 0)))
        report.artifacts = ["console.log", "index.html", "junit.xml", "report.json", "summary.md"]
        report.pipelineFile = "Pipelines/smoke.json"
        return report
    }

    @Test func samplePageHasEverySectionAndStaysSmall() throws {
        let html = HTMLReport.render(Self.sample, sources: SourceLinks(projectRoot: "/home/ci/work/shop")) { _ in nil }
        for section in ["failures", "flaky", "skipped", "slowest", "suites", "tests", "coverage", "console"] {
            #expect(html.contains("<section id=\"\(section)\">"), "no \(section) section")
        }
        #expect(html.contains("first frame in your sources <code>Sources/Checkout/Cart.swift:88</code>"))
        #expect(html.contains("new checkout is behind a flag on Linux"))
        #expect(html.components(separatedBy: "<tr class=\"passed\"").count - 1 == 201)
        #expect(html.utf8.count < 300_000, "\(html.utf8.count) bytes")
        if let destination = ProcessInfo.processInfo.environment["SMOKERUN_HTML_SAMPLE"] {
            try Data(html.utf8).write(to: URL(fileURLWithPath: destination))
        }
    }
}
