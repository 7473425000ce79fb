import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A log with a hole of NULs (logrotate's `copytruncate` leaves one at the start of a file its writer keeps writing;
/// a preallocated file ends with one) is read as the text it holds; a file of data is still refused.
@Suite struct NULHoleInputTests {
    /// Its first line matters: a hole before it must not hide it.
    static let log = """
        Test Case '-[AppTests.CartTests testB]' started.
        /src/AppTests/CartTests.swift:9: error: -[AppTests.CartTests testB] : XCTAssertTrue failed
        Test Case '-[AppTests.CartTests testB]' failed (0.010 seconds).
        Test Case '-[AppTests.CartTests testA]' started.
        Test Case '-[AppTests.CartTests testA]' passed (0.010 seconds).

        """

    @Test(arguments: [(4096, 0), (0, 40), (100_000, 0)])
    func aLogWithAHoleIsReadAsItsText(before: Int, after: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("test.log")
        try (Data(count: before) + Data(Self.log.utf8) + Data(count: after)).write(to: file)
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [.failed, .passed], "\(before) before, \(after) after")
        #expect(parsed.results.first?.failures.first?.line == 9)
    }

    @Test func dataWithNULsAmongItsBytesIsStillRefused() {
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 % 7 == 0 ? 0 : 0x41 + $0 % 26) }
        #expect(bytes.withUnsafeBufferPointer { InputFormatRegistry.looksBinary($0) })
    }
}
