#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The few POSIX file calls Foundation does not offer with the needed guarantees: exclusive
/// creation (`O_EXCL`), appends that never interleave (`O_APPEND`), and renames over symlinks.
enum POSIXFile {
    /// Creates `url` only if nothing (not even a dangling symlink) is there; false if it exists.
    static func createExclusively(_ url: URL) throws -> Bool {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor < 0 {
            if errno == EEXIST { return false }
            throw StoreError.writeFailed(path: url.path, reason: lastError())
        }
        close(descriptor)
        return true
    }

    /// Writes all of `data` to a new file at `url` (which must not exist), then fsyncs it.
    static func writeNew(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: url.path)
        guard fsync(descriptor) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
    }

    /// Appends `line` (which ends in a newline) with one `write` on an `O_APPEND` descriptor, so
    /// concurrent writers never interleave partial lines. When a crashed writer left the file
    /// without a final newline, a newline goes first so the torn line cannot swallow this one.
    static func appendLine(_ line: Data, to url: URL) throws {
        let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        var data = line
        if info.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") {
                data.insert(UInt8(ascii: "\n"), at: data.startIndex)
            }
        }
        try writeAll(data, to: descriptor, path: url.path)
    }

    /// Renames atomically, replacing what is at `destination` (a file or a symlink).
    static func rename(_ source: URL, to destination: URL) throws {
        #if canImport(Glibc)
        let result = Glibc.rename(source.path, destination.path)
        #elseif canImport(Musl)
        let result = Musl.rename(source.path, destination.path)
        #else
        let result = Darwin.rename(source.path, destination.path)
        #endif
        guard result == 0 else { throw StoreError.writeFailed(path: destination.path, reason: lastError()) }
    }

    static func symlink(at url: URL, pointingTo target: String) throws {
        #if canImport(Glibc)
        let result = Glibc.symlink(target, url.path)
        #elseif canImport(Musl)
        let result = Musl.symlink(target, url.path)
        #else
        let result = Darwin.symlink(target, url.path)
        #endif
        guard result == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
    }

    static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// True when `url` itself (not what it points to) is a symbolic link.
    static func isSymlink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// True when something, even a dangling symlink, is at `url`.
    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.writeFailed(path: path, reason: lastError())
                }
                offset += written
            }
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
