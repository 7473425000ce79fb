import Foundation
import Testing

/// Compares dashboard or writer output with `Tests/Goldens/Coverage/<name>` (see `assertSnapshot`).
func assertCoverageSnapshot(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSnapshot(text, named: name, in: Goldens.folder("Coverage"), sourceLocation: sourceLocation)
}
