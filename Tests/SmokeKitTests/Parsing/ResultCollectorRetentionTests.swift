import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// `.statusesOnly` (what `parse --summary-only` uses) must give the same statuses, durations and
/// flaky marks as `.full` — it only forgets what the reports would show.
@Suite struct ResultCollectorRetentionTests {
    /// A retried test (fails, then passes, xcodebuild's iteration marker saying so), a steady failure, a skip, and
    /// printed output.
    private let log = """
        Test Suite 'Selected tests' started at 2026-11-22 04:00:00.000
        Test Case 'CartTests.testTotal' started at 2026-11-22 04:00:00.000
        cart total: 100 cents
        /src/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed: ("1") is not equal to ("2")
        Test Case 'CartTests.testTotal' failed (0.010 seconds)
        Test Case 'CartTests.testEmpty' started at 2026-11-22 04:00:00.000
        /src/CartTests.swift:20: error: CartTests.testEmpty : XCTAssertTrue failed
        Test Case 'CartTests.testEmpty' failed (0.020 seconds)
        Test Case 'CartTests.testSkip' started at 2026-11-22 04:00:00.000
        /src/CartTests.swift:30: CartTests.testSkip : Test skipped - not on Linux
        Test Case 'CartTests.testSkip' skipped (0.001 seconds)
        Test Case 'CartTests.testTotal' started (Iteration 2 of 2).
        cart total: 2 cents
        Test Case 'CartTests.testTotal' passed (0.030 seconds)
        Test Case 'CartTests.testEmpty' started (Iteration 2 of 2).
        /src/CartTests.swift:20: error: CartTests.testEmpty : XCTAssertTrue failed
        Test Case 'CartTests.testEmpty' failed (0.040 seconds)

        """

    @Test func statusesOnlyAgreesWithFullOnEverythingTotalsNeed() throws {
        let file = try ParsingTestSupport.temporaryFile(Data(log.utf8))
        let full = try LogParser(retention: .full).parse(files: [file]).results
        let lean = try LogParser(retention: .statusesOnly).parse(files: [file]).results
        #expect(full.map(\.id) == ["CartTests/testTotal", "CartTests/testEmpty", "CartTests/testSkip"])
        #expect(lean.map(\.id) == full.map(\.id))
        #expect(lean.map(\.status) == full.map(\.status))
        #expect(full.map(\.status) == [.passed, .failed, .skipped])
        #expect(lean.map(\.flaky) == [true, false, false])
        #expect(lean.map(\.flaky) == full.map(\.flaky))
        #expect(lean.map(\.durationSeconds) == full.map(\.durationSeconds))
        #expect(Totals(lean) == Totals(full))
    }

    @Test func statusesOnlyKeepsNoFailuresOutputOrAttempts() throws {
        let file = try ParsingTestSupport.temporaryFile(Data(log.utf8))
        let full = try LogParser(retention: .full).parse(files: [file]).results
        let lean = try LogParser(retention: .statusesOnly).parse(files: [file]).results
        #expect(full[0].attempts.count == 2) // the failed run and the passing one
        #expect(full[1].failures.map(\.line) == [20])
        #expect(full[0].output == ["cart total: 2 cents"])
        #expect(lean.allSatisfy { $0.failures.isEmpty && $0.output.isEmpty && $0.attempts.isEmpty })
    }
}
