import Abacus
import XCTest

final class SumTests: XCTestCase {
    func testEmptySumIsZero() {
        XCTAssertEqual(Abacus.sum([]), 0)
    }

    func testSumAddsEveryValue() {
        XCTAssertEqual(Abacus.sum([1, 2, 3]), 6)
    }

    func testSumOfNegatives() {
        XCTAssertEqual(Abacus.sum([-1, -2]), -3)
    }
}
