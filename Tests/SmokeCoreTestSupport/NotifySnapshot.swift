import Foundation
import Testing

/// Compares a webhook body with `Tests/Goldens/Notify/<name>` (see `assertSnapshot`).
func assertNotifySnapshot(
    _ data: Data, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    assertSnapshot(
        String(decoding: data, as: UTF8.self), named: name, in: Goldens.folder("Notify"), sourceLocation: sourceLocation
    )
}
