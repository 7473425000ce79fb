import Flicker
import Foundation
import XCTest

/// Two tests a scripted history drives through files in `control/` beside Package.swift (written by the test that
/// runs smokerun; plain `swift test` has none and both pass): `run` holds the run's number, and `testMerge` fails in
/// every third run (2, 5, 8, …); `broken` makes `testTotal` fail while it exists.
final class FlickerTests: XCTestCase {
    private static let control = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("control")

    func testMerge() throws {
        let text = try? String(contentsOf: Self.control.appendingPathComponent("run"), encoding: .utf8)
        let run = Int(text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        XCTAssertFalse(run % 3 == 2, "merge lost an item in run \(run)")
        XCTAssertEqual(Flicker.merge([3], [1, 2]), [1, 2, 3])
    }

    func testTotal() {
        let broken = FileManager.default.fileExists(atPath: Self.control.appendingPathComponent("broken").path)
        XCTAssertEqual(broken ? 0 : 6, [1, 2, 3].reduce(0, +))
    }
}
