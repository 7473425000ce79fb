import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    static func writeNew(_ data: Data, to url: URL, writer: FileWriter = .system) throws {
        try streamNew(to: url, writer: writer) { sink in sink.append(data) }
    }

    /// Creates `url` and fills it from a `ReportSink` piece by piece, then fsyncs it. When `render` throws, what was
    /// written stays (the caller removes its temp file) and the error is thrown.
    static func streamNew(to url: URL, writer: FileWriter = .system, _ render: (inout ReportSink) throws -> Void)
        throws
    {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        var sink = ReportSink { try writer.writeAll($0, to: descriptor, path: url.path) }
        try render(&sink)
        try sink.finish()
        guard fsync(descriptor) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
    }

    /// Appends `line` (which ends in a newline) as a whole line or not at all (see the streamed form).
    static func appendLine(_ line: Data, to url: URL, writer: FileWriter = .system) throws {
        try appendLine(to: url, writer: writer) { sink in sink.append(line) }
    }

    /// Appends the line `render` writes (ending in a newline) as a whole line or not at all. Written on an
    /// `O_APPEND` descriptor under `flock` — in one `write` when under a megabyte, else piece by piece, so a
    /// run of a million tests never holds its line in memory — and concurrent smokerun processes never
    /// interleave; when a write or `render` fails part way (a full disk), the file is truncated back to where
    /// it was, so no torn line is left. A torn last line left by an older version or a crash is repaired
    /// first: a newline ends it, so it stays one (unreadable, counted) line and cannot swallow this one.
    static func appendLine(to url: URL, writer: FileWriter = .system, _ render: (inout ReportSink) throws -> Void)
        throws
    {
        let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        // Other smokerun processes appending at the same moment wait here; the lock goes with close.
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        var sink = ReportSink { try writer.writeAll($0, to: descriptor, path: url.path) }
        if info.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") {
                sink.append(byte: UInt8(ascii: "\n"))
            }
        }
        do {
            try render(&sink)
            try sink.finish()
        } catch {
            // Whole lines or nothing: drop whatever part of this line reached the disk.
            _ = ftruncate(descriptor, info.st_size)
            throw error
        }
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

    /// Streams `source` into a new file at `url` (which must not exist), then fsyncs it.
    static func copyNew(_ source: URL, to url: URL, writer: FileWriter = .system) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw StoreError.attachmentSourceUnreadable(path: source.path, reason: lastError()) }
        defer { close(input) }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        let unreadable = { StoreError.attachmentSourceUnreadable(path: source.path, reason: $0) }
        try readChunks(of: input, unreadable: unreadable) { try writer.writeAll($0, to: descriptor, path: url.path) }
        guard fsync(descriptor) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
    }

    /// Reads `descriptor` from its offset to its end, a quarter megabyte at a time, handing each piece to `body`;
    /// a failed read throws what `unreadable` makes of its reason.
    static func readChunks(
        of descriptor: Int32, unreadable: (String) -> StoreError, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(lastError())
            }
            if count == 0 { return }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
