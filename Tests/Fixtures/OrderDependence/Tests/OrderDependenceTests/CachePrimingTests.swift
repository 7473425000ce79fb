import Inventory
import XCTest

/// "A" of the order-dependent pair: primes the shared price cache and never cleans up — in this process
/// (static state) and for later processes of the run (a file in the run's scratch folder).
final class CachePrimingTests: XCTestCase {
    func testPrimesThePriceCache() {
        PriceCache.prices["apple"] = 3
        Scratch.leave("price-cache")
        XCTAssertEqual(PriceCache.prices["apple"], 3)
    }
}
