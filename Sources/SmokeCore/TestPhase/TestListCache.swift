/// The binary's two `--list-tests` answers, beside the build stamp: an unchanged binary lists the same tests. Pure.
package struct TestListCache: Codable, Equatable, Sendable {
    package static let fileName = "smokerun-test-list.json"

    var binary: String
    var binaryStamp: FileStamp
    /// XCTest's listing text, and Swift Testing's ("" when it listed none or is not there).
    var xctest: String
    var swiftTesting: String

    package init(binary: String, binaryStamp: FileStamp, xctest: String, swiftTesting: String) {
        self.binary = binary
        self.binaryStamp = binaryStamp
        self.xctest = xctest
        self.swiftTesting = swiftTesting
    }

    /// Whether the listing still holds for the binary at `path` with stat `stamp`.
    package func holds(for path: String, stamp: FileStamp?) -> Bool {
        binary == path && stamp == binaryStamp
    }

    /// The binary's tests: XCTest's, then Swift Testing's when its listing really is Swift Testing's.
    package var tests: [TestCase] {
        TestDiscovery.xctestIDs(fromListing: xctest) + swiftTestingListing.tests
    }

    package var swiftTestingListing: SwiftTestingListing {
        TestDiscovery.readSwiftTestingListing(swiftTesting, xctestListing: xctest)
    }
}
