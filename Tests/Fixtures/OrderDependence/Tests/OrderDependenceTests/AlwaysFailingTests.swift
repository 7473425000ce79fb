import Inventory
import XCTest

/// Fails every time, alone or after anything: bisect must say it fails alone.
final class AlwaysFailingTests: XCTestCase {
    func testTakesMoreThanThereIs() {
        var shelf = Shelf()
        shelf.add("plum")
        XCTAssertEqual(shelf.take("plum", count: 2), 2, "only one plum on the shelf")
    }
}
