import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// `swift test --parallel` (Linux) runs each XCTest test in a process of its own and prints `[k/N] Testing M.C/t` as
/// each ends, then the output of the failing ones only (each with its own `Selected tests` totals), then the Swift
/// Testing run. Its last progress line ends its XCTest part, a test only its progress line names passed (a skip looks
/// the same: SwiftPM prints nothing for it either), and SwiftPM names the test whose process died.
@Suite struct ParallelSwiftPMLogTests {
    private func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8), name: "parallel.log")])
    }

    private static let progress = """
        [0/1] Planning build
        Building for debugging...
        Build complete! (0.20s)
        [1/3] Testing ShopTests.CartTests/testTotal
        [2/3] Testing ShopTests.CartTests/testEmpty
        [3/3] Testing ShopTests.PriceTests/testTax

        """

    private static let swiftTestingRun = """
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ◇ Test addsItem() started.
        ✔ Test addsItem() passed after 0.001 seconds.
        ✔ Test run with 1 test in 0 suites passed after 0.001 seconds.

        """

    @Test func aWholePassingParallelLogEndsWithItsLastProgressLine() throws {
        for text in [Self.progress + Self.swiftTestingRun, Self.progress] {
            let parsed = try parse(text)
            #expect(parsed.incomplete == nil, "\(String(describing: parsed.incomplete))")
            #expect(parsed.results.allSatisfy { $0.status == .passed })
            let reconciliation = try #require(parsed.reconciliation)
            #expect(reconciliation.executionsWithoutTotals?["xctest"] == 3)
            #expect(reconciliation.unverified == ["xctest"] && !reconciliation.disagrees)
            #expect(reconciliation.unverifiedNotes.first?.contains("`[3/40] Testing …`") == true)
        }
    }

    @Test func aParallelLogCutBeforeItsLastProgressLineIsCut() throws {
        let cut = try parse(
            """
            [1/3] Testing ShopTests.CartTests/testTotal
            [2/3] Testing ShopTests.CartTests/testEmpty

            """)
        let incomplete = try #require(cut.incomplete)
        #expect(incomplete.lastLine == 2)
    }

    /// A failing test's process prints its own totals; the passing ones' print none and are left out of the count.
    @Test func aFailingTestsTotalsAreComparedWithItsOwnProcessOnly() throws {
        let parsed = try parse(
            Self.progress + """
                Test Suite 'Selected tests' started at 2026-01-02 10:00:00.100
                Test Suite 'PriceTests' started at 2026-01-02 10:00:00.101
                Test Case 'PriceTests.testTax' started at 2026-01-02 10:00:00.101
                /src/Tests/ShopTests/PriceTests.swift:9: error: PriceTests.testTax : XCTAssertEqual failed: ("1") is not equal to ("2")
                Test Case 'PriceTests.testTax' failed (0.001 seconds)
                Test Suite 'PriceTests' failed at 2026-01-02 10:00:00.102
                \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
                Test Suite 'Selected tests' failed at 2026-01-02 10:00:00.102
                \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds

                """ + Self.swiftTestingRun)
        #expect(parsed.incomplete == nil)
        #expect(parsed.results.map(\.status) == [.passed, .passed, .failed, .passed])
        let reconciliation = try #require(parsed.reconciliation)
        #expect(reconciliation.differences.isEmpty, "\(reconciliation.differences)")
        #expect(reconciliation.executionsWithoutTotals?["xctest"] == 2)
        #expect(reconciliation.unverified == ["xctest"] && !reconciliation.disagrees)
    }

    private static let deadProcess = """
        [1/3] Testing ShopTests.CartTests/testTotal
        error: Process '/src/.build/debug/ShopPackageTests.xctest ShopTests.CartTests/testEmpty' exited with unexpected signal code 4
        [2/3] Testing ShopTests.CartTests/testEmpty
        [3/3] Testing ShopTests.PriceTests/testTax

        """

    /// SwiftPM names the test whose process died; its output, printed later, shows the crash itself.
    @Test func aTestWhoseParallelProcessDiedCrashed() throws {
        let parsed = try parse(
            Self.deadProcess + """
                Test Suite 'Selected tests' started at 2026-01-02 10:00:00.100
                Test Suite 'CartTests' started at 2026-01-02 10:00:00.101
                Test Case 'CartTests.testEmpty' started at 2026-01-02 10:00:00.101
                ShopTests/CartTests.swift:5: Fatal error: cart is gone

                *** Program crashed: Illegal instruction at 0x00007fba040f9361 ***

                Thread 0 crashed:

                  1 [ra] 0x000055ae317005d1 CartTests.testEmpty() + 480 in ShopPackageTests.xctest at /src/Tests/ShopTests/CartTests.swift:5:53

                Backtrace took 0.02s

                """ + Self.swiftTestingRun)
        #expect(parsed.incomplete == nil, "\(String(describing: parsed.incomplete))")
        #expect(
            parsed.results.map(\.id).prefix(3) == [
                "ShopTests.CartTests/testTotal", "ShopTests.CartTests/testEmpty", "ShopTests.PriceTests/testTax",
            ])
        #expect(parsed.results.map(\.status) == [.passed, .crashed, .passed, .passed])
        let crashed = parsed.results[1]
        #expect(crashed.failures.map(\.message) == ["cart is gone"])
        #expect(crashed.failures.first?.file == "/src/Tests/ShopTests/CartTests.swift")
        #expect(crashed.evidence?.what == "fatal error" && crashed.evidence?.line == 8)
    }

    /// Without its output (a log that keeps SwiftPM's lines only), SwiftPM's line is the crash's evidence.
    @Test func swiftPMsLineIsTheEvidenceWhenTheProcessPrintedNothing() throws {
        let parsed = try parse(Self.deadProcess + Self.swiftTestingRun)
        #expect(parsed.incomplete == nil)
        #expect(parsed.results.map(\.status) == [.passed, .crashed, .passed, .passed])
        let crashed = parsed.results[1]
        #expect(crashed.failures.map(\.message) == ["The test's process exited with unexpected signal code 4"])
        #expect(crashed.evidence?.line == 2 && crashed.evidence?.what.contains("signal code 4") == true)
    }

    /// A serial run's process line names no test: no test comes of it.
    @Test func aSerialProcessLineNamesNoTest() {
        let line = "error: Process '/src/.build/debug/ShopPackageTests.xctest' exited with unexpected signal code 4"
        #expect(ParsingTestSupport.consoleEvent(line)?.namedTest == nil)
    }

    /// A test whose process exited (`exit(1)`) prints no result line; the next test's process output begins with its
    /// own `Selected tests`: the first process had ended, and its test crashed, as when it is the log's last.
    @Test func aTestWhoseProcessExitedBeforeTheNextProcessCrashed() throws {
        let blocks = """
            Test Suite 'Selected tests' started at 2026-01-02 10:00:00.000
            Test Suite 'CartTests' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testTotal' started at 2026-01-02 10:00:00.000
            about to exit 1

            Test Suite 'Selected tests' started at 2026-01-02 10:00:00.000
            Test Suite 'CartTests' started at 2026-01-02 10:00:00.000
            Test Case 'CartTests.testEmpty' started at 2026-01-02 10:00:00.000
            /src/CartTests.swift:9: error: CartTests.testEmpty : XCTAssertTrue failed -
            Test Case 'CartTests.testEmpty' failed (0.001 seconds)
            Test Suite 'CartTests' failed at 2026-01-02 10:00:00.001
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
            Test Suite 'Selected tests' failed at 2026-01-02 10:00:00.001
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds

            """
        let parsed = try parse(Self.progress + blocks)
        let exited = try #require(parsed.results.first { $0.id.hasSuffix("testTotal") })
        #expect(exited.status == .crashed)
        #expect(exited.evidence?.what.contains("another XCTest run started") == true)
        #expect(parsed.results.first { $0.id.hasSuffix("testEmpty") }?.status == .failed)
    }
}
