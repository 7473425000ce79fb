import Foundation
import SmokeCore

/// POSIX calls Foundation lacks: `O_EXCL` creation, non-interleaving `O_APPEND` appends, renames over symlinks.
enum POSIXFile {
    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved; nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `url` with the links in its existing part resolved (`realpath`), the part not created yet appended as written.
    static func physical(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while existing.path != "/", realPath(existing.path) == nil {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        let resolved = URL(fileURLWithPath: realPath(existing.path) ?? existing.path, isDirectory: true)
        return rest.reduce(resolved) { $0.appendingPathComponent($1) }
    }

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

    /// Creates `url` and fills it from `render`, then fsyncs it (`sync: false` for files rewritten from scratch each
    /// time). On a throw, what was written stays for the caller to remove. A `mode` is set exactly, whatever the umask.
    static func streamNew(
        to url: URL, writer: FileWriter = .system, sync: Bool = true, mode: mode_t = 0o644,
        _ render: (inout ReportSink) throws -> Void
    ) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        guard mode == 0o644 || fchmod(descriptor, mode) == 0 else {
            throw StoreError.writeFailed(path: url.path, reason: lastError())
        }
        var writeback = Writeback()
        var sink = ReportSink { bytes in
            try writer.writeAll(bytes, to: descriptor, path: url.path)
            if sync { writeback.wrote(bytes.count, to: descriptor) }
        }
        try render(&sink)
        try sink.finish()
        guard !sync || fsync(descriptor) == 0 else {
            throw StoreError.writeFailed(path: url.path, reason: lastError())
        }
    }

    /// Starts writing a big file to disk while the rest is still being made, so its final `fsync` waits for the
    /// last megabytes only (see Documentation/Performance.md). Linux only (`POSIX_FADV_DONTNEED`).
    struct Writeback {
        static let step = 16 << 20
        private var written = 0
        private var started = 0

        mutating func wrote(_ count: Int, to descriptor: Int32) {
            written += count
            guard written - started >= Self.step else { return }
            #if os(Linux)
                _ = posix_fadvise(descriptor, off_t(started), off_t(written - started), Int32(POSIX_FADV_DONTNEED))
            #endif
            started = written
        }
    }

    /// Appends `line` (which ends in a newline) as a whole line or not at all (see the streamed form).
    static func appendLine(_ line: Data, to url: URL, writer: FileWriter = .system, followLinks: Bool = false) throws {
        try appendLine(to: url, writer: writer, followLinks: followLinks) { sink in sink.append(line) }
    }

    /// Appends the line `render` writes as a whole line or not at all: `O_APPEND` under `flock`, so concurrent
    /// smokerun processes never interleave; a failed write (full disk) truncates back, leaving no torn line. A torn
    /// last line from a crash is ended with a newline first, so it cannot swallow this one.
    static func appendLine(
        to url: URL, writer: FileWriter = .system, followLinks: Bool = false,
        _ render: (inout ReportSink) throws -> Void
    ) throws {
        // O_NOFOLLOW unless asked: a symlink planted as history.jsonl must not make a root run append to its target.
        // `$GITHUB_STEP_SUMMARY` is the CI's own file and may be a link.
        let noFollow = followLinks ? 0 : O_NOFOLLOW
        let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | noFollow, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: openFailure()) }
        defer { close(descriptor) }
        var kind = stat()
        guard fstat(descriptor, &kind) == 0, (kind.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError.writeFailed(
                path: url.path, reason: "it is \(kindName(kind.st_mode)), not a regular file; move it away")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
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

    /// What a bounded copy did: the bytes it wrote, and whether the source had more (cut at the limit).
    struct Copied: Sendable, Equatable {
        var bytes: Int
        var cut: Bool
    }

    /// Streams `source` into a new file at `url`, then fsyncs it. Only a regular file is read (anything else refused
    /// without blocking); `limit` caps the copy (`cut` says it did); `followLinks: false` refuses a source symlink.
    @discardableResult
    static func copyNew(
        _ source: URL, to url: URL, writer: FileWriter = .system, limit: Int? = nil, followLinks: Bool = true
    ) throws -> Copied {
        let input = try openRegularFile(source, followLinks: followLinks)
        defer { close(input) }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        defer { close(descriptor) }
        let unreadable = { StoreError.attachmentSourceUnreadable(path: source.path, reason: $0) }
        let copied = try readChunks(of: input, limit: limit, unreadable: unreadable) {
            try writer.writeAll($0, to: descriptor, path: url.path)
        }
        guard fsync(descriptor) == 0 else { throw StoreError.writeFailed(path: url.path, reason: lastError()) }
        return copied
    }

    /// Opens the regular file `url` to read: non-blocking (a FIFO would wait for a writer forever), `fstat`ed, then
    /// made blocking; anything else throws `attachmentSourceUnreadable`.
    static func openRegularFile(_ url: URL, followLinks: Bool = true) throws(StoreError) -> Int32 {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(url.path, flags)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link, which smokerun does not follow here" : lastError()
            throw .attachmentSourceUnreadable(path: url.path, reason: reason)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = lastError()
            close(descriptor)
            throw .attachmentSourceUnreadable(path: url.path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .attachmentSourceUnreadable(
                path: url.path,
                reason: "it is \(kindName(info.st_mode)), not a regular file; smokerun reads only regular files")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Reads at most `limit` bytes of the regular file `url` (see `openRegularFile`); `cut` when it holds more.
    static func readPrefix(_ url: URL, limit: Int, followLinks: Bool = true) throws -> (data: Data, cut: Bool) {
        let input = try openRegularFile(url, followLinks: followLinks)
        defer { close(input) }
        var data = Data()
        let unreadable = { StoreError.attachmentSourceUnreadable(path: url.path, reason: $0) }
        let copied = try readChunks(of: input, limit: limit, unreadable: unreadable) { data.append(contentsOf: $0) }
        return (data, copied.cut)
    }

    /// "a FIFO", "a directory", … for messages.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Reads `descriptor` to its end or `limit` bytes, each piece to `body`; says whether there was more.
    static func readChunks(
        of descriptor: Int32, limit: Int?, unreadable: (String) -> StoreError,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Copied {
        guard let limit else {
            var total = 0
            try readChunks(of: descriptor, unreadable: unreadable) { piece in
                total += piece.count
                try body(piece)
            }
            return Copied(bytes: total, cut: false)
        }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var total = 0
        while total < limit {
            let wanted = min(buffer.count, limit - total)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(lastError())
            }
            if count == 0 { return Copied(bytes: total, cut: false) }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            total += count
        }
        var extra: UInt8 = 0
        while true {
            let count = read(descriptor, &extra, 1)
            if count < 0, errno == EINTR { continue }
            return Copied(bytes: total, cut: count > 0)
        }
    }

    /// Reads `descriptor` to its end, a quarter megabyte at a time, each piece to `body`; failures via `unreadable`.
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

    /// `lastError()`, with what ELOOP means when a file is opened with O_NOFOLLOW.
    static func openFailure() -> String {
        errno == ELOOP
            ? "it is a symbolic link, which smokerun does not follow for files it writes; remove the link"
            : lastError()
    }
}
