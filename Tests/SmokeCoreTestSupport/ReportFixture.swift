import Foundation

@testable import SmokeCore

/// One fixed run that exercises every report feature: each status, a flaky test with attempts,
/// a test that failed every attempt, a parameterized test, hostile text, attachments, coverage
/// and an infrastructure error.
enum ReportFixture {
    static let startedAt = Date(timeIntervalSince1970: 1_795_320_000) // 2026-11-22T04:00:00Z
    static let finishedAt = startedAt.addingTimeInterval(205) // whole seconds: report.json dates have no fraction

    static let screenshot = AttachmentRecord(
        name: "checkout screen", path: "attachments/CheckoutTests-testPay-checkout_screen.png",
        mediaType: "image/png", size: 8)
    static let hugeScreenshot = AttachmentRecord(
        name: "full page", path: "attachments/CheckoutTests-testPay-full_page.png",
        mediaType: "image/png", size: 6 * 1024 * 1024)
    static let hostileLog = AttachmentRecord(
        name: "<script>alert(1)</script>.txt", path: "attachments/TipTests-testTotal-script_alert_1_script.txt",
        mediaType: "text/plain", size: 35)
    static let video = AttachmentRecord(
        name: "recording", path: "attachments/TipTests-testTotal-recording.mp4", mediaType: "video/mp4", size: 1_048_576
    )

    /// Bytes the HTML writer embeds; nil for anything it should not have asked for.
    static func attachmentContent(_ record: AttachmentRecord) -> Data? {
        switch record.path {
        case screenshot.path: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case hostileLog.path: Data("<b>bold</b> & \"quoted\"\nsecond line\n".utf8)
        default: nil
        }
    }

    static let tests: [TestResult] = [
        TestResult(
            id: "TipCalculatorTests.TipTests/testTotal", name: "testTotal", suite: "TipTests", framework: .xctest,
            status: .passed, durationSeconds: 0.012, order: 1,
            attachments: [hostileLog, video], output: ["total = 11.50"],
            attempts: [TestAttempt(status: .passed, durationSeconds: 0.012, output: ["total = 11.50"])]),
        TestResult(
            id: "TipCalculatorTests.TipTests/testRounding", name: "testRounding", suite: "TipTests", framework: .xctest,
            status: .failed, durationSeconds: 0.034, order: 2,
            failures: [
                TestFailure(
                    message: "XCTAssertEqual failed: (\"1.5\") is not equal to (\"2\") - a | b < c & \"d\"]]>",
                    file: "/src/Tests/TipCalculatorTests/TipTests.swift", line: 42),
                TestFailure(
                    message: "second failure\nwith two lines", file: "/src/Tests/TipCalculatorTests/TipTests.swift",
                    line: 43),
            ],
            output: ["\u{1B}[31mred\u{1B}[0m text", "nul:\u{0}:bell:\u{7}:ffff:\u{FFFF}:end"]),
        TestResult(
            id: "TipCalculatorTests.TipTests/testSplit", name: "testSplit", suite: "TipTests", framework: .xctest,
            status: .passed, durationSeconds: 0.02, order: 3, flaky: true,
            attempts: [
                TestAttempt(
                    status: .failed, durationSeconds: 0.05,
                    failures: [
                        TestFailure(message: "split was 3.33, expected 3.34", file: "Tests/TipTests.swift", line: 57)
                    ],
                    output: ["attempt one"]),
                TestAttempt(status: .passed, durationSeconds: 0.02),
            ]),
        TestResult(
            id: "TipCalculatorTests.NetworkTests/testFetch", name: "testFetch", suite: "NetworkTests",
            framework: .xctest,
            status: .failed, durationSeconds: 1.5, order: 4,
            failures: [TestFailure(message: "timed out waiting for fetch", file: "Tests/NetworkTests.swift", line: 12)],
            attempts: [
                TestAttempt(
                    status: .failed, durationSeconds: 1.4,
                    failures: [TestFailure(message: "connection refused", file: "Tests/NetworkTests.swift", line: 10)]),
                TestAttempt(
                    status: .failed, durationSeconds: 1.5,
                    failures: [
                        TestFailure(message: "timed out waiting for fetch", file: "Tests/NetworkTests.swift", line: 12)
                    ]),
            ]),
        TestResult(
            id: "TipCalculatorTests.CheckoutTests/testPay", name: "testPay", suite: "CheckoutTests", framework: .xctest,
            status: .crashed, durationSeconds: 0.3, order: 5,
            failures: [
                TestFailure(message: "Fatal error: Index out of range", file: "Sources/Checkout/Cart.swift", line: 88)
            ],
            attachments: [screenshot, hugeScreenshot],
            attempts: [
                TestAttempt(
                    status: .crashed, durationSeconds: 0.3,
                    failures: [
                        TestFailure(
                            message: "Fatal error: Index out of range", file: "Sources/Checkout/Cart.swift", line: 88)
                    ]),
                TestAttempt(
                    status: .crashed, durationSeconds: 0.3,
                    failures: [
                        TestFailure(
                            message: "Fatal error: Index out of range", file: "Sources/Checkout/Cart.swift", line: 88)
                    ]),
            ]),
        TestResult(
            id: "TipCalculatorTests.CheckoutTests/testHang", name: "testHang", suite: "CheckoutTests",
            framework: .xctest,
            status: .timedOut, durationSeconds: 300, order: 6,
            failures: [TestFailure(message: "Exceeded the time limit of 300 seconds")]),
        TestResult(
            id: "TipCalculatorTests.FeatureTests/disabledFeature()", name: "disabledFeature()", suite: "FeatureTests",
            framework: .swiftTesting, status: .skipped, order: 7,
            failures: [TestFailure(message: "Feature flag is off")]),
        TestResult(
            id: "TipCalculatorTests.FeatureTests/knownBug()", name: "knownBug()", suite: "FeatureTests",
            framework: .swiftTesting, status: .expectedFailure, durationSeconds: 0.001, order: 8,
            failures: [
                TestFailure(message: "Known issue: rounding bug #12", file: "Tests/FeatureTests.swift", line: 20)
            ]),
        TestResult(
            id: "TipCalculatorTests.FeatureTests/percentages(_:)", name: "percentages(_:)", suite: "FeatureTests",
            framework: .swiftTesting, status: .passed, durationSeconds: 0.004, order: 9,
            output: ["case 10%", "case 15%", "case 20%"]),
    ]

    static var report: RunReport {
        var report = RunReport(
            pipeline: "smoke", runID: "20261122T040000Z-3f9a", status: .failed,
            startedAt: startedAt, finishedAt: finishedAt, seed: 42,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 42),
            environment: ["IS_UNIT_TESTING": "1"],
            device: ResolvedDevice(platform: "host", operatingSystem: "Linux", architecture: "x86_64"),
            toolchain: ToolchainInfo(version: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", path: "/usr/bin/swift"),
            tests: tests,
            coverage: CoverageSummary(
                lines: CoverageCount(covered: 70, count: 80), functions: CoverageCount(covered: 9, count: 10),
                regions: CoverageCount(covered: 30, count: 40), branches: CoverageCount(covered: 0, count: 0)),
            errors: [
                InfrastructureError(
                    message: "llvm-cov export failed", command: ["llvm-cov", "export", "-format=text"], exitStatus: 1,
                    details: ["error: no profile data ```found```"])
            ])
        report.artifacts = ["console.log", "junit.xml", "report.json"]
        report.pipelineFile = "Pipelines/smoke.json"
        report.origin = RunOrigin(
            host: "ci-runner-7", commit: "3f9c2a1b7d4e5f60718293a4b5c6d7e8f9012345", branch: "main", dirty: true,
            commitSource: "git", ciRunURL: "https://github.com/acme/shop/actions/runs/424242")
        return report
    }

    /// A passing run with no seed, coverage or errors: the minimal shape.
    static var minimalReport: RunReport {
        RunReport(
            pipeline: "nightly", runID: "20261122T080000Z-00ff", status: .passed,
            startedAt: startedAt, finishedAt: startedAt.addingTimeInterval(1), seed: nil,
            ordering: OrderingRecord(mode: .declared, isolation: .test, seed: nil), environment: [:],
            device: ResolvedDevice(platform: "host"), toolchain: nil,
            tests: [TestResult(id: "M.A/a", name: "a", suite: "A", framework: .xctest, status: .passed, order: 1)])
    }
}
