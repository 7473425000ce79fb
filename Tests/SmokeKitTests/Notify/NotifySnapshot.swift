import Foundation
import Testing

/// Compares `data` with `Snapshots/<name>`; records it when missing (and fails) or when
/// `RECORD_SNAPSHOTS=1` is set.
func assertNotifySnapshot(
    _ data: Data, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let file = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? Data(contentsOf: file) else {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
        if !record {
            Issue.record("snapshot \(name) was missing; recorded it at \(file.path) — check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    if expected != data {
        let actual = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(actual, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, wanted.count)
        let got = line < actual.count ? String(actual[line]) : "<end>"
        let want = line < wanted.count ? String(wanted[line]) : "<end>"
        Issue.record(
            "snapshot \(name) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)\n(RECORD_SNAPSHOTS=1 re-records)",
            sourceLocation: sourceLocation
        )
    }
}
