import XCTest

// Not in XCTestManifests.swift, so XCTMain never runs it and `swift test` does not either (SwiftGraph 4.0.0
// leaves its performance tests out of LinuxMain.swift the same way). It would fail if it ran.
final class UnlistedTests: XCTestCase {
    func testNeverRunsUnderXCTMain() {
        XCTFail("XCTMain runs only the tests Tests/LinuxMain.swift lists")
    }
}
