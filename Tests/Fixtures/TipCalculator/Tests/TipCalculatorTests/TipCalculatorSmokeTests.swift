import Foundation
import XCTest
@testable import TipCalculator

final class TipCalculatorSmokeTests: XCTestCase {
    func testTipOnTypicalBill() {
        XCTAssertEqual(TipCalculator(tipPercent: 15).tip(on: 100), 15)
    }

    func testTotalAddsTip() {
        XCTAssertEqual(TipCalculator(tipPercent: 20).total(for: 50), 60)
    }

    func testZeroSubtotalHasNoTip() {
        XCTAssertEqual(TipCalculator().tip(on: 0), 0)
    }

    /// The smoke pipeline exports IS_UNIT_TESTING=1 so the app under test can skip onboarding.
    func testRunsUnderUnitTestingFlag() {
        XCTAssertEqual(ProcessInfo.processInfo.environment["IS_UNIT_TESTING"], "1")
    }
}
