import XCTest

/// A pair inside one process: testASignsIn leaves a user signed in (static state, never reset), so
/// testBStartsSignedOut fails whenever it runs after it in the same process — every time under `swift test` —
/// and passes alone.
final class SessionTests: XCTestCase {
    nonisolated(unsafe) static var user: String?

    func testASignsIn() {
        Self.user = "kim"
        XCTAssertEqual(Self.user, "kim")
    }

    func testBStartsSignedOut() {
        XCTAssertNil(Self.user, "a user is still signed in from an earlier test")
    }
}
