import Foundation
import SmokeCore
import SmokeCoreTestSupport
import SmokeKit

/// A fresh folder per test, removed by `remove()`; tests run in parallel, so never shared.
package struct TemporaryDirectory {
    package let url: URL

    package init(_ label: String = #function) throws {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        url = TestScratch.root
            .appendingPathComponent("smokekit-\(safe.prefix(40))-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() { try? FileManager.default.removeItem(at: url) }

    package func files(in relativePath: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(relativePath).path).sorted()
    }
}
