import Foundation

/// Inputs given more than once to one parse — the same file twice, or a byte-for-byte copy (a CI glob that matches a
/// report twice, an artifact downloaded twice) — are one account of the run: read once, and said.
enum RepeatedInputs {
    /// `files` without the repeats, and a sentence for each one left out.
    static func distinct(_ files: [URL]) -> (files: [URL], repeats: [String]) {
        guard files.count > 1 else { return (files, []) }
        // Only regular files: hashing a pipe (`<(cmd)`, `-`) would read away what the parse is to read.
        let sizes = files.map { file -> Int? in
            // A link is the file it links to.
            guard
                let attributes = try? FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return nil }
            return attributes[.size] as? Int
        }
        var kept: [URL] = []
        var repeats: [String] = []
        var seen: [String: URL] = [:]
        for (index, file) in files.enumerated() {
            // Only a file another input matches in size is hashed: most parses hash nothing here.
            let sameSize =
                sizes[index] != nil && sizes.enumerated().contains { $0.offset != index && $0.element == sizes[index] }
            guard sameSize, let digest = InputFingerprint.of(file)?.sha256 else {
                kept.append(file)
                continue
            }
            if let first = seen[digest] {
                let how =
                    first.resolvingSymlinksInPath().path == file.resolvingSymlinksInPath().path
                    ? "is given twice" : "is byte for byte the same as \(first.path)"
                repeats.append("\(file.path) \(how): it is read once, as one account of the run")
            } else {
                seen[digest] = file
                kept.append(file)
            }
        }
        return (kept, repeats)
    }
}
