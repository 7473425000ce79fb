import SmokeCore
import SmokeKit

/// A `.gitignore` line `smokerun init` makes sure of, so run output never lands in a commit.
enum GitIgnoreEntry {
    /// `contents` plus `entry` on its own line, or nil when a line already ignores the folder (`x`, `x/`, `/x`,
    /// `/x/`). Nil contents: no file yet.
    static func adding(_ entry: String, to contents: String?) -> String? {
        let folder = entry.trimmingSlashes
        let lines = (contents ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        if lines.contains(where: { $0.trimmingWhitespace.trimmingSlashes == folder }) { return nil }
        guard let contents, !contents.isEmpty else { return entry + "\n" }
        return contents + (contents.hasSuffix("\n") ? "" : "\n") + entry + "\n"
    }
}

extension StringProtocol {
    fileprivate var trimmingSlashes: Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != "/" } ?? text.endIndex
        let end = text.lastIndex { $0 != "/" }.map { text.index(after: $0) } ?? start
        return start < end ? text[start..<end] : ""
    }

    fileprivate var trimmingWhitespace: Substring {
        let text = Substring(self)
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        return start < end ? text[start..<end] : ""
    }
}
