import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

@Suite struct TestDiscoveryTests {
    @Test func readsXCTestListingWithoutItsHeader() {
        let listing = "Listing 2 tests in debug.xctest:\n\nM.A/testOne\nM.A/testTwo\n"
        #expect(TestDiscovery.xctestIDs(fromListing: listing).map(\.id) == ["M.A/testOne", "M.A/testTwo"])
    }

    @Test func readsSwiftTestingListing() {
        let listing = "M.S/one()\nM.S/shareCoversTotal(people:)\nwarning: something else\n"
        #expect(
            TestDiscovery.swiftTestingIDs(fromListing: listing).map(\.id) == [
                "M.S/one()", "M.S/shareCoversTotal(people:)",
            ])
    }
}
