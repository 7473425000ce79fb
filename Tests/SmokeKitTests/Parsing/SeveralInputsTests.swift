import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Several inputs of one `parse` (the same suite's logs from two devices or shards): what one log says of its own run
/// — xcodebuild's relaunch after a crash, the crash — does not reach the other's tests.
@Suite struct SeveralInputsTests {
    static let crashingRun = """
        Test Suite 'Selected tests' started at 2026-11-29 04:00:00.000
        Test Suite 'CartTests' started at 2026-11-29 04:00:00.001
        Test Case '-[App.CartTests testTotal]' started.
        Fatal error: Unexpectedly found nil while unwrapping an Optional value
        Restarting after unexpected exit, crash, or test timeout in CartTests.testTotal(); summary will include totals from previous launches.
        Test Case '-[App.CartTests testTax]' started.
        Test Case '-[App.CartTests testTax]' passed (0.100 seconds).
        Test Suite 'CartTests' failed at 2026-11-29 04:00:01.000.
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.900 (0.900) seconds
        Test Suite 'Selected tests' failed at 2026-11-29 04:00:01.000.
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.900 (0.900) seconds

        """

    static let passingRun = """
        Test Suite 'Selected tests' started at 2026-11-29 04:00:00.000
        Test Case '-[App.CartTests testTotal]' started.
        Test Case '-[App.CartTests testTotal]' passed (0.010 seconds).
        Test Case '-[App.CartTests testTax]' started.
        Test Case '-[App.CartTests testTax]' passed (0.010 seconds).
        Test Suite 'Selected tests' passed at 2026-11-29 04:00:01.000.
        \t Executed 2 tests, with 0 failures (0 unexpected) in 0.020 (0.020) seconds

        """

    private static func parse(_ texts: [String]) throws -> ParsedLog {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let files = try texts.enumerated().map { index, text in
            let file = folder.url.appendingPathComponent("device\(index + 1).log")
            try Data(text.utf8).write(to: file)
            return file
        }
        return try LogParser().parse(files: files)
    }

    @Test func aRelaunchInOneLogMakesNoRetryOfTheOthersTests() throws {
        // The second device's log: the same run, a moment later (a byte-for-byte copy would be read once).
        let later = Self.crashingRun.replacingOccurrences(of: "04:00:00.000", with: "04:00:00.007")
        let twice = try Self.parse([Self.crashingRun, later])
        #expect(
            twice.results.map(\.id) == [
                "App.CartTests/testTotal", "App.CartTests/testTax", "App.CartTests/testTotal#2",
                "App.CartTests/testTax#2",
            ])
        #expect(twice.results.map(\.status) == [.crashed, .passed, .crashed, .passed])
        #expect(twice.reconciliation?.agrees == true)
        for order in [[Self.crashingRun, Self.passingRun], [Self.passingRun, Self.crashingRun]] {
            let parsed = try Self.parse(order)
            #expect(parsed.results.count == 4)
            #expect(parsed.results.filter { $0.status == .crashed }.count == 1)
            #expect(parsed.results.allSatisfy { !$0.flaky })
        }
    }
}
