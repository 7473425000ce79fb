import Foundation

/// Safe file names for attachments from an untrusted test name (`../`, NUL, control or Windows-reserved characters,
/// empty or huge): one ASCII path component, `<Test-stem>-<readable part>.<ext>`, never starting with a dot.
package enum AttachmentFileName {
    static let readableLimit = 60
    static let testStemLimit = 40
    static let extensionLimit = 10
    /// Device names Windows refuses as a file's base name, whatever the extension.
    static let windowsReserved: Set<String> = Set(
        ["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// The stem (test prefix plus readable part) and lowercase extension, the media type's when the name has none.
    package static func parts(name: String, testID: String?, mediaType: String? = nil) -> (
        stem: String, pathExtension: String
    ) {
        // Path separators of every platform split the name; `.`/`..` and empty components vanish.
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
            .map(String.init)
            .filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        let joined = components.joined(separator: "_")
        var stemSource = joined
        var pathExtension = ""
        if let dot = joined.lastIndex(of: "."), dot != joined.startIndex {
            let candidate = joined[joined.index(after: dot)...]
            let isAlphanumeric = candidate.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
            if !candidate.isEmpty, candidate.count <= extensionLimit, isAlphanumeric {
                pathExtension = candidate.lowercased()
                stemSource = String(joined[..<dot])
            }
        }
        if pathExtension.isEmpty, let type = MediaType.normalized(mediaType),
            let preferred = MediaType.preferredExtension[type]
        {
            pathExtension = preferred
        }
        var readable = String(sanitize(stemSource, allowDots: true).prefix(readableLimit))
        readable = trim(readable)
        if readable.isEmpty { readable = "attachment" }
        var stem = readable
        if let testStem = testStem(testID) { stem = "\(testStem)-\(readable)" }
        if windowsReserved.contains(stem.split(separator: ".").first.map { $0.uppercased() } ?? "") { stem += "_" }
        return (stem, pathExtension)
    }

    /// The `index`th candidate: `stem.ext`, then `stem-2.ext`, `stem-3.ext`, …
    package static func candidate(stem: String, pathExtension: String, index: Int) -> String {
        let base = index <= 1 ? stem : "\(stem)-\(index)"
        return pathExtension.isEmpty ? base : "\(base).\(pathExtension)"
    }

    /// A single, non-hidden, ASCII path component: what every candidate must be.
    package static func isSafe(_ fileName: String) -> Bool {
        guard !fileName.isEmpty, !fileName.hasPrefix("."), fileName.utf8.count <= 255 else { return false }
        return fileName.unicodeScalars.allSatisfy(isAllowed)
    }

    /// `TipTests-testTotal` from `TipCalculatorTests.TipTests/testTotal()`.
    static func testStem(_ testID: String?) -> String? {
        guard let testID, !testID.isEmpty else { return nil }
        let pieces = testID.split(separator: "/", maxSplits: 1)
        let suite = pieces.first.map { String($0.split(separator: ".").last ?? $0) } ?? ""
        let function = pieces.count > 1 ? String(pieces[1].prefix { $0 != "(" }) : ""
        let raw = [suite, function].filter { !$0.isEmpty }.joined(separator: "-")
        let stem = trim(String(sanitize(raw, allowDots: false).prefix(testStemLimit)))
        return stem.isEmpty ? nil : stem
    }

    /// Letters and digits (accents folded to ASCII) kept; every other run of characters becomes `_`.
    static func sanitize(_ text: String, allowDots: Bool) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        var lastWasReplacement = false
        for scalar in folded.unicodeScalars {
            if isAllowed(scalar) && (allowDots || scalar != ".") {
                result.unicodeScalars.append(scalar)
                lastWasReplacement = false
            } else if !lastWasReplacement {
                result += "_"
                lastWasReplacement = true
            }
        }
        return result
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
        default: false
        }
    }

    /// No leading or trailing `.`, `_`, `-`: no hidden files, option-like names or Windows trailing dots.
    private static func trim(_ text: String) -> String {
        let edge: (Character) -> Bool = { $0 == "." || $0 == "_" || $0 == "-" }
        return String(text.drop(while: edge).reversed().drop(while: edge).reversed())
    }
}
