import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// A log that holds only a framework's closing totals (a grep'd excerpt) shows no test, but its own totals say tests
/// failed: that run cannot pass. It fails (exit 1) with 0 tests, and says which totals counted the failures.
@Suite struct TotalsOnlyLogTests {
    @Test(arguments: [
        (
            "\t Executed 5 tests, with 3 failures (0 unexpected) in 1.234 (1.300) seconds\n",
            "XCTest's own totals count 3 failures (totals.log:1) in tests the input does not show"
        ),
        (
            "✘ Test run with 5 tests failed after 0.101 seconds with 3 issues.\n",
            "Swift Testing's own totals count 3 issues (totals.log:1) in tests the input does not show"
        ),
    ])
    func aLogOfFailingTotalsAloneFails(log: String, notice: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(log.utf8).write(to: folder.url.appendingPathComponent("totals.log"))
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: ["totals.log", "--output", "out"]).run(in: context)
        #expect(code == .testsFailed, "\(err.text)")
        let runs = folder.url.appendingPathComponent("out/runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first)
        let report = try RunStore.loadReport(at: runs.appendingPathComponent(name))
        #expect(report.status == .failed)
        #expect(report.tests.isEmpty)
        #expect(report.errors.contains { $0.message.contains(notice) }, "\(report.errors.map(\.message))")
        #expect(err.text.contains(notice))
    }

    @Test func passingTotalsAloneStillPass() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data("\t Executed 5 tests, with 0 failures (0 unexpected) in 1.234 (1.300) seconds\n".utf8).write(
            to: folder.url.appendingPathComponent("totals.log"))
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: ["totals.log", "--output", "out"]).run(in: context)
        // Nothing failed by anyone's count; the missing tests are a counting disagreement, listed as before.
        #expect(code == .passed)
    }
}
