import Inventory
import XCTest

/// Independent: never depend on anything another test did.
final class AdditionTests: XCTestCase {
    func testAddingCountsUp() {
        var shelf = Shelf()
        shelf.add("apple", count: 2)
        shelf.add("apple")
        XCTAssertEqual(shelf.counts["apple"], 3)
    }

    func testTotalSumsEveryItem() {
        var shelf = Shelf()
        shelf.add("apple")
        shelf.add("pear", count: 4)
        XCTAssertEqual(shelf.total, 5)
    }

    func testEmptyShelfHasNothing() {
        XCTAssertEqual(Shelf().total, 0)
    }
}
