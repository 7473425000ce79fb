import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun parse` of logs whose tests print what the rules read: output without a final newline before a failure,
/// XCTest console lines (a log formatter's fixture) while a test runs.
@Suite struct ParseTestOutputTests {
    private static func parse(_ text: String) async throws -> (ExitCode, String, RunReport) {
        let folder = try TemporaryDirectory()
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("run.log"))
        let standardError = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: standardError, environment: [:],
            currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["parse", "run.log", "--output", "out"], context: context)
        let report = try RunReportFile.load(at: folder.url.appendingPathComponent("out/latest"))
        try? FileManager.default.removeItem(at: folder.url)
        return (code, standardError.text, report)
    }

    private static let executed = "\t Executed 2 tests, with 2 failures (0 unexpected) in 0.001 (0.001) seconds"

    @Test func failuresAfterUnterminatedOutputKeepTheirPathsAndTotalsAgree() async throws {
        let bar = String(repeating: "#", count: 2_000)
        let log = [
            "Test Suite 'All tests' started at 2026-11-30 05:17:17.337",
            "Test Suite 'ProgressTests' started at 2026-11-30 05:17:17.343",
            "Test Case 'ProgressTests.testLong' started at 2026-11-30 05:17:17.343",
            bar + "/src/Tests/PrefixTests.swift:14: error: ProgressTests.testLong : long progress then failure",
            "Test Case 'ProgressTests.testLong' failed (0.001 seconds)",
            "Test Case 'ProgressTests.testShort' started at 2026-11-30 05:17:17.344",
            "Checking totals... /src/Tests/PrefixTests.swift:9: error: ProgressTests.testShort : totals differ",
            "Test Case 'ProgressTests.testShort' failed (0.0 seconds)",
            "Test Suite 'ProgressTests' failed at 2026-11-30 05:17:17.344", Self.executed,
            "Test Suite 'All tests' failed at 2026-11-30 05:17:17.344", Self.executed,
        ].joined(separator: "\n")
        let (code, standardError, report) = try await Self.parse(log + "\n")
        #expect(code == .testsFailed)
        #expect(report.tests.map(\.status) == [.failed, .failed])
        let failures = report.tests.flatMap(\.failures)
        #expect(failures.map(\.file) == ["/src/Tests/PrefixTests.swift", "/src/Tests/PrefixTests.swift"])
        #expect(failures.map(\.line) == [14, 9])
        #expect(report.reconciliation?.agrees == true)
        #expect(!standardError.contains("the input does not show"))
        #expect(!standardError.contains("counts disagree"))
    }

    @Test func aPrintedFixtureInventsNoTestNoTotalAndNoDate() async throws {
        let executed = "\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds"
        let log = [
            "Test Suite 'All tests' started at 2026-11-30 05:18:15.895",
            "Test Suite 'FormatterTests' started at 2026-11-30 05:18:15.898",
            "Test Case 'FormatterTests.testFormatsFixture' started at 2026-11-30 05:18:15.898",
            "Test Suite 'Fake' started at 2026-01-01 00:00:00.000",
            "Test Case 'Fake.testFake' started at 2026-01-01 00:00:00.000",
            "/tmp/Fake.swift:3: error: Fake.testFake : XCTAssertTrue failed -",
            "Test Case 'Fake.testFake' failed (0.001 seconds)",
            "Test Suite 'Fake' failed at 2026-01-01 00:00:00.000",
            "\t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds",
            "Test Case 'FormatterTests.testFormatsFixture' passed (0.001 seconds)",
            "Test Suite 'FormatterTests' passed at 2026-11-30 05:18:15.899", executed,
            "Test Suite 'All tests' passed at 2026-11-30 05:18:15.899", executed,
        ].joined(separator: "\n")
        let (code, standardError, report) = try await Self.parse(log + "\n")
        #expect(code == .passed)
        #expect(report.tests.map(\.id) == ["FormatterTests/testFormatsFixture"])
        #expect(report.tests.first?.output.count == 6)
        #expect(report.reconciliation?.agrees == true)
        #expect(!standardError.contains("counts disagree"))
        #expect(report.runID.hasPrefix("202611")) // the run's day in any zone, not the fixture's 2026-01-01
    }
}
