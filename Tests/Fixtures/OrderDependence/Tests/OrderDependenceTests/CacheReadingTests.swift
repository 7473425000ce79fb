import Inventory
import XCTest

/// "B" of the order-dependent pair: expects a cold cache, so it fails when CachePrimingTests ran before it.
final class CacheReadingTests: XCTestCase {
    func testStartsWithAColdCache() {
        XCTAssertTrue(PriceCache.prices.isEmpty, "the price cache was primed by an earlier test")
        XCTAssertFalse(Scratch.exists("price-cache"), "an earlier test process left a primed price cache")
    }
}
