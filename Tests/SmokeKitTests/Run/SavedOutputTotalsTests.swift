import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `parse`'s totals line counts tests without a result and claims no reason for them: a test can lack one because
/// the input ends, or because the next test started first, and each test's evidence says which.
@Suite struct SavedOutputTotalsTests {
    @Test func testsWithoutAResultAreCountedWithoutClaimingTheInputEnded() {
        var totals = Totals()
        totals.tests = 3
        totals.passed = 2
        totals.unfinished = 1
        let output = BufferOutput()
        let context = HostContext(
            standardOutput: output, standardError: BufferOutput(), environment: [:],
            currentDirectory: URL(fileURLWithPath: "/"))
        SavedOutput.printTotals(totals, context: context)
        #expect(
            output.text
                == "3 tests: 2 passed, 0 failed, 0 crashed, 0 timed out, 0 skipped, 0 expected failures, 1 without a result\n"
        )
    }
}
