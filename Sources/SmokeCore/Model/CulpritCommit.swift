import Foundation

/// A commit of the range under suspicion, as `git log` read it: what a message and a verdict name.
package struct CulpritCommit: Sendable, Equatable, Codable {
    package var hash: String
    package var subject: String
    package var author: String

    package init(hash: String, subject: String = "", author: String = "") {
        self.hash = hash
        self.subject = subject
        self.author = author
    }

    /// The first 7 characters of the hash, as `git log --oneline` shows it.
    package var short: String { Self.short(hash) }

    /// `e4f5a6b 'Round totals' (Ada)`, or the short hash alone when git said nothing more.
    package var label: String {
        var text = short
        if !subject.isEmpty { text += " '\(subject)'" }
        if !author.isEmpty { text += " (\(author))" }
        return text
    }

    package static func short(_ hash: String) -> String { String(hash.prefix(7)) }
}
