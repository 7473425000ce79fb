import Foundation
import Testing

/// Compares `text` with the golden file `Tests/Goldens/<area>/<name>`, where the area is the folder the calling test
/// sits in right below its target (`Tests/SmokeCoreTests/Reports/…` → `Tests/Goldens/Reports`). Every test target
/// reads the goldens from that one folder, outside all targets. With `RECORD_SNAPSHOTS=1` it re-records the file; a missing file is recorded and the test fails,
/// so a new snapshot is always looked at once before it is trusted.
func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSnapshot(text, named: name, in: snapshotFolder(testFile: filePath), sourceLocation: sourceLocation)
}

/// The same, against a golden file in `folder` (`Goldens.folder(area)` for an area of its own).
func assertSnapshot(
    _ text: String, named name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = folder.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = try? String(contentsOf: url, encoding: .utf8)
    if record || existing == nil {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not record snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if existing == nil {
            Issue.record(
                "recorded missing snapshot \(url.path); check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    if existing != text {
        let diff = firstDifference(existing ?? "", text)
        let message = """
            snapshot \(name) differs at line \(diff.line):
              expected: \(diff.expected)
              actual:   \(diff.actual)
            re-record with RECORD_SNAPSHOTS=1 if the change is intended
            """
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// The goldens of `testFile`'s area: `Tests/<Target>/<Area>/…/File.swift` → `Tests/Goldens/<Area>`; a test right in
/// its target's folder has the target's name as its area.
private func snapshotFolder(testFile: String) -> URL {
    let components = URL(fileURLWithPath: testFile).pathComponents
    guard let tests = components.lastIndex(of: "Tests"), tests + 2 < components.count else {
        return Goldens.folder(URL(fileURLWithPath: testFile).deletingLastPathComponent().lastPathComponent)
    }
    return Goldens.folder(components[tests + 2 < components.count - 1 ? tests + 2 : tests + 1])
}

private func firstDifference(_ expected: String, _ actual: String) -> (line: Int, expected: String, actual: String) {
    let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
        let l = index < left.count ? String(left[index]) : "<end of file>"
        let r = index < right.count ? String(right[index]) : "<end of file>"
        if l != r { return (index + 1, l, r) }
    }
    return (0, "", "")
}
