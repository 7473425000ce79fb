import Inventory
import XCTest

/// Independent.
final class FormattingTests: XCTestCase {
    func testCountsAreKeyedByName() {
        var shelf = Shelf()
        shelf.add("lime", count: 2)
        XCTAssertEqual(shelf.counts, ["lime": 2])
    }

    func testShelvesCompareByContent() {
        var first = Shelf()
        var second = Shelf()
        first.add("lime")
        second.add("lime")
        XCTAssertEqual(first, second)
    }
}
