import Foundation

/// Why `<output>/env` was not used: `malformed` is a mistake in the file (exit 2); the others refuse a file
/// others could read or change, or that is not a plain file, since it holds secrets.
package enum EnvironmentFileError: Error, Equatable, Sendable {
    case malformed(path: String, line: Int, reason: String)
    /// Readable or writable by group or others; `mode` is the permission bits.
    case exposed(path: String, mode: UInt32)
    case notOwned(path: String, owner: UInt32, user: UInt32)
    case symbolicLink(path: String)
    case notRegularFile(path: String, kind: String)
    case tooLarge(path: String, limit: Int)
    case unreadable(path: String, reason: String)

    /// Whether the opened file's mode, owner and kind let smokerun read it; nil when they do.
    package static func refusal(path: String, mode: UInt32, owner: UInt32, user: UInt32, size: Int)
        -> EnvironmentFileError?
    {
        if owner != user { return .notOwned(path: path, owner: owner, user: user) }
        if mode & 0o077 != 0 { return .exposed(path: path, mode: mode & 0o7777) }
        if size > EnvironmentFile.byteLimit { return .tooLarge(path: path, limit: EnvironmentFile.byteLimit) }
        return nil
    }

    package var isMalformed: Bool {
        if case .malformed = self { return true }
        return false
    }

    /// Why the file was refused, in a few words: "mode 644 lets group or others read or write it".
    package var shortReason: String {
        switch self {
        case .malformed(_, let line, let reason): "line \(line): \(reason)"
        case .exposed(_, let mode): "mode \(String(mode, radix: 8)) lets group or others read or write it"
        case .notOwned(_, let owner, let user): "it is owned by user \(owner), not \(user)"
        case .symbolicLink: "it is a symbolic link"
        case .notRegularFile(_, let kind): "it is \(kind), not a regular file"
        case .tooLarge(_, let limit): "it is larger than \(limit / 1024) KiB"
        case .unreadable(_, let reason): reason
        }
    }

    package var path: String {
        switch self {
        case .malformed(let path, _, _), .exposed(let path, _), .notOwned(let path, _, _), .symbolicLink(let path),
            .notRegularFile(let path, _), .tooLarge(let path, _), .unreadable(let path, _):
            path
        }
    }
}

extension EnvironmentFileError: LocalizedError, DomainError {
    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        switch self {
        case .malformed(let path, let line, let reason):
            """
            \(path):\(line): not a KEY=VALUE line: \(reason). Each line is NAME=value (optionally after `export `, \
            the value optionally in quotes), a blank line, or a # comment.
            """
        case .exposed(let path, let mode):
            """
            \(path): refused: it holds secrets but group or others may read or write it (mode \
            \(String(mode, radix: 8))); run `chmod 600 \(path)`
            """
        case .notOwned(let path, let owner, let user):
            """
            \(path): refused: it is owned by user \(owner), not by the user running smokerun (\(user)), who alone \
            should control its secrets; create it as that user, or run `chown \(user) \(path) && chmod 600 \(path)`
            """
        case .symbolicLink(let path):
            """
            \(path): refused: it is a symbolic link, which smokerun does not follow for a file of secrets; replace \
            it with the file itself (`mv "$(readlink -f \(path))" \(path)`) and `chmod 600` it
            """
        case .notRegularFile(let path, let kind):
            "\(path): refused: it is \(kind), not a regular file; make it a file of KEY=VALUE lines with mode 600"
        case .tooLarge(let path, let limit):
            """
            \(path): refused: it is larger than \(limit / 1024) KiB; it should hold a few KEY=VALUE lines (the \
            webhook URL and tokens), nothing else
            """
        case .unreadable(let path, let reason):
            "\(path): cannot be read: \(reason); check it exists as a file of yours with mode 600"
        }
    }
}
