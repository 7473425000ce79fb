import Foundation
import Testing

/// Compares `text` with `Snapshots/<name>`; records it when missing (and fails) or when RECORD_SNAPSHOTS=1.
func assertCoverageSnapshot(_ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots").appendingPathComponent(name)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = FileManager.default.contents(atPath: url.path) else {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
        if !recording { Issue.record("recorded missing snapshot \(name); check it and run again", sourceLocation: sourceLocation) }
        return
    }
    #expect(text == String(decoding: expected, as: UTF8.self), "snapshot \(name) differs (RECORD_SNAPSHOTS=1 re-records)", sourceLocation: sourceLocation)
}
