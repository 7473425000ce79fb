import Inventory
import XCTest

/// Independent.
final class BoundaryTests: XCTestCase {
    func testTakingTheLastItemRemovesIt() {
        var shelf = Shelf()
        shelf.add("fig")
        shelf.take("fig")
        XCTAssertNil(shelf.counts["fig"])
    }

    func testTakingFromAnEmptyShelfTakesNothing() {
        var shelf = Shelf()
        XCTAssertEqual(shelf.take("fig"), 0)
    }
}
