import Foundation

/// The system SQLite library could not be loaded, so a result bundle's database cannot be read.
/// An infrastructure problem (exit 3): the input may be fine, the machine lacks a library.
package struct SQLiteLibraryError: LocalizedError, DomainError, Equatable {
    var tried: [String]
    /// Why each failed, as `dlopen`/`dlsym` said.
    var reasons: [String]

    package init(tried: [String], reasons: [String]) {
        self.tried = tried
        self.reasons = reasons
    }

    package var kind: ErrorKind { .infrastructure }

    package var errorDescription: String? {
        """
        reading an Xcode 16+ result bundle needs the SQLite library, and none of \(tried.joined(separator: ", ")) \
        could be loaded (\(reasons.joined(separator: "; "))). \(Self.installHint)
        """
    }

    /// The note a run records when its history goes to `history.jsonl` because SQLite could not be loaded.
    package var historyFallbackNote: String {
        """
        the history went to history.jsonl, not history.sqlite: none of \(tried.joined(separator: ", ")) could be \
        loaded (\(reasons.joined(separator: "; "))). \(Self.installHint)
        """
    }

    /// What to install, per platform: the runtime library only, never the headers.
    static var installHint: String {
        #if canImport(Darwin)
            "macOS ships SQLite in /usr/lib; check that the system library is intact."
        #else
            """
            Install the runtime package: apt-get install libsqlite3-0 (Debian, Ubuntu), dnf install sqlite-libs \
            (Fedora, RHEL) or apk add sqlite-libs (Alpine).
            """
        #endif
    }
}
