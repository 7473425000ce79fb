import Foundation
import Testing

/// Compares dashboard or writer output with `Coverage/Snapshots/<name>` (see `assertSnapshot`).
func assertCoverageSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    assertSnapshot(text, named: name, in: folder, sourceLocation: sourceLocation)
}
