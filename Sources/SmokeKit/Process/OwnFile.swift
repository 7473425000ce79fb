import Foundation
import SmokeCore

/// A small file smokerun makes or replaces outside its output folder (`init`'s pipeline, `.gitignore`): only over
/// nothing or a regular file, read without following links, written by temp file and rename, so a link, device or
/// FIFO there is never written through or replaced.
package enum OwnFile {
    /// Why `url` may not be created or replaced ("it is a FIFO, …"), nil for nothing or a regular file. A link is
    /// refused too: replacing it would copy what it points at to where anyone can read it.
    package static func problem(at url: URL) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        let mode = info.st_mode & S_IFMT
        if mode == S_IFREG { return nil }
        let kind = mode == S_IFLNK ? "a symbolic link" : POSIXFile.kindName(info.st_mode)
        return """
            it is \(kind), not a regular file; smokerun writes only regular files and never through or over anything \
            else. Move it away, or name another file
            """
    }

    /// Whether anything (a file, a folder, a link, even a dangling one) is at `url`.
    package static func exists(_ url: URL) -> Bool { POSIXFile.exists(url) }

    /// The text of the regular file `url` (never through a link), or nil when there is none; at most `limit` bytes.
    package static func read(_ url: URL, limit: Int = 4 << 20) throws -> String? {
        guard exists(url) else { return nil }
        let read = try POSIXFile.readPrefix(url, limit: limit, followLinks: false)
        if read.cut {
            throw StoreError.writeFailed(
                path: url.path, reason: "it is larger than \(limit) bytes, too large for smokerun to rewrite")
        }
        return String(decoding: read.data, as: UTF8.self)
    }

    /// Writes `text` to `url` by rename (which checks again that only a regular file is there).
    package static func write(_ text: String, to url: URL) throws {
        try AtomicFile.write(Data(text.utf8), to: url)
    }
}
