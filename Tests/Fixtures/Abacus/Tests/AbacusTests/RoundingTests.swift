import Abacus
import XCTest

final class RoundingTests: XCTestCase {
    func testRoundsToTwoPlaces() {
        XCTAssertEqual(Abacus.rounded(1.005, places: 2), 1.0, accuracy: 0.011)
    }

    func testRoundsToWholeNumbers() {
        XCTAssertEqual(Abacus.rounded(2.5, places: 0), 3)
    }
}
