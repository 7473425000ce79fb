import Foundation
import Testing

/// Compares a webhook body with `Notify/Snapshots/<name>` (see `assertSnapshot`).
func assertNotifySnapshot(
    _ data: Data, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    assertSnapshot(String(decoding: data, as: UTF8.self), named: name, in: folder, sourceLocation: sourceLocation)
}
