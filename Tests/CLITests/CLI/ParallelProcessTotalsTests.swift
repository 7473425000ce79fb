import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// A parallel macOS run: the unit tests run in parallel processes that name themselves on each result line
/// (`… passed on 'My Mac - App (41210)' (…)`) and print no totals; the UI tests run in one runner that prints its
/// suites and its own `Executed N tests` lines. The runner's totals are compared with its own tests only, the
/// parallel processes' tests stay unverified, and `--strict` exits as the run's status says; totals that really
/// disagree with the runner's own tests still disagree.
@Suite struct ParallelProcessTotalsTests {
    /// Four unit tests in two parallel processes, then a UI runner with `uiResults` and its totals `executed`.
    static func log(uiResults: [String], executed: Int) -> String {
        let runner = [
            "Test Suite 'All tests' started at 2026-03-02 10:00:05.120",
            "Test Suite 'AppUITests.xctest' started at 2026-03-02 10:00:05.121",
            "Test Suite 'AppUITests' started at 2026-03-02 10:00:05.121",
        ]
        let closing = [
            ("AppUITests", "10:00:12.760"), ("AppUITests.xctest", "10:00:12.761"), ("All tests", "10:00:12.762"),
        ].flatMap { suite, time in
            [
                "Test Suite '\(suite)' passed at 2026-03-02 \(time).",
                "\t Executed \(executed) tests, with 0 failures (0 unexpected) in 7.630 (7.641) seconds",
            ]
        }
        return
            ([
                "Testing started on 'My Mac'",
                "Test suite 'AppTests' started on 'My Mac - App (41210)'",
                "Test suite 'ModelTests' started on 'My Mac - App (41213)'",
                "Test case 'AppTests.testLogin()' passed on 'My Mac - App (41210)' (0.004 seconds)",
                "Test case 'ModelTests.testDecode()' passed on 'My Mac - App (41213)' (0.002 seconds)",
                "Test case 'AppTests.testLogout()' passed on 'My Mac - App (41210)' (0.003 seconds)",
                "Test case 'ModelTests.testEncode()' passed on 'My Mac - App (41213)' (0.001 seconds)",
            ] + runner + uiResults + closing + ["** TEST SUCCEEDED **", ""]).joined(separator: "\n")
    }

    static let uiTests = ["testLaunch", "testSettings", "testSignIn"].flatMap { name in
        [
            "Test Case '-[AppUITests.AppUITests \(name)]' started.",
            "Test Case '-[AppUITests.AppUITests \(name)]' passed (2.104 seconds).",
        ]
    }

    /// Parses `text` as `parse --output out [--strict]` does and returns the exit codes and report.json's
    /// `reconciliation` and `errors`.
    private func parse(_ text: String) async throws -> (plain: ExitCode, strict: ExitCode, report: [String: Any]) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("parallel.log")
        try Data(text.utf8).write(to: input)
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let plain = await CommandLineTool.run(
            arguments: ["parse", input.path, "--output", "out", "--format", "json"], context: context)
        let data = try Data(contentsOf: folder.url.appendingPathComponent("out/latest/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strict = await CommandLineTool.run(
            arguments: ["parse", input.path, "--output", "strict", "--format", "json", "--strict"], context: context)
        return (plain, strict, report)
    }

    @Test func theUIRunnersTotalsAreComparedWithItsOwnTests() async throws {
        let (plain, strict, report) = try await parse(Self.log(uiResults: Self.uiTests, executed: 3))
        let reconciliation = try #require(report["reconciliation"] as? [String: Any])
        #expect(reconciliation["differences"] as? [String] == [])
        #expect(reconciliation["unverified"] as? [String] == ["xctest"], "the parallel processes print no totals")
        #expect((reconciliation["executionsWithoutTotals"] as? [String: Int])?["xctest"] == 4)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.isEmpty, "\(errors)")
        #expect((report["tests"] as? [Any])?.count == 7)
        #expect(plain == .passed)
        #expect(strict == plain, "--strict exits \(strict), the run's status \(plain)")
    }

    @Test func totalsThatDisagreeWithTheRunnersOwnTestsStillDisagree() async throws {
        let (plain, strict, report) = try await parse(Self.log(uiResults: Self.uiTests, executed: 4))
        let reconciliation = try #require(report["reconciliation"] as? [String: Any])
        let differences = try #require(reconciliation["differences"] as? [String])
        #expect(differences.count == 1)
        #expect(differences.first?.contains("XCTest counted 4 executions") == true, "\(differences)")
        #expect(differences.first?.contains("smokerun counted 3 executions") == true, "\(differences)")
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(plain == .passed)
        #expect(strict == .infrastructure)
    }

    @Test func theRunnersOwnTestsRepeatedAsParallelLinesStayItsOwn() async throws {
        let repeated = ["testLaunch", "testSettings", "testSignIn"].map { name in
            "Test case 'AppUITests.\(name)()' passed on 'My Mac - AppUITests-Runner (41230)' (2.104 seconds)"
        }
        let text = Self.log(uiResults: Self.uiTests, executed: 3).replacingOccurrences(
            of: "** TEST SUCCEEDED **", with: (repeated + ["** TEST SUCCEEDED **"]).joined(separator: "\n"))
        let (plain, strict, report) = try await parse(text)
        let reconciliation = try #require(report["reconciliation"] as? [String: Any])
        #expect(reconciliation["differences"] as? [String] == [])
        #expect((reconciliation["executionsWithoutTotals"] as? [String: Int])?["xctest"] == 4, "the unit tests only")
        #expect(plain == .passed)
        #expect(strict == .passed)
    }

    @Test func aRunOfParallelProcessesAloneIsUnverified() async throws {
        let text = Self.log(uiResults: [], executed: 0).components(separatedBy: "\n").filter {
            !$0.hasPrefix("Test Suite") && !$0.hasPrefix("\t Executed")
        }.joined(separator: "\n")
        let (plain, strict, report) = try await parse(text)
        let reconciliation = try #require(report["reconciliation"] as? [String: Any])
        #expect(reconciliation["differences"] as? [String] == [])
        #expect(reconciliation["unverified"] as? [String] == ["xctest"])
        #expect(plain == .passed)
        #expect(strict == .passed)
    }
}
