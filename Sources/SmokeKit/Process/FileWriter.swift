import Foundation
import SmokeCore

/// The one `write(2)` every store file goes through; tests pass one that fails with ENOSPC like a full disk.
package struct FileWriter: Sendable {
    /// `write(2)` on `descriptor` (open on `path`): bytes written, or -1 with `errno` set.
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) -> Int

    static let system = FileWriter { descriptor, bytes, _ in
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        #if canImport(Glibc)
            return Glibc.write(descriptor, base, bytes.count)
        #elseif canImport(Musl)
            return Musl.write(descriptor, base, bytes.count)
        #else
            return Darwin.write(descriptor, base, bytes.count)
        #endif
    }

    /// Writes all of `data`, retrying short writes and EINTR; throws `writeFailed` naming `path`.
    func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { try writeAll($0, to: descriptor, path: path) }
    }

    /// Writes all of `buffer` (a piece of a streamed report).
    func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]), path)
            if written < 0 {
                if errno == EINTR { continue }
                throw StoreError.writeFailed(path: path, reason: POSIXFile.lastError())
            }
            if written == 0 {
                throw StoreError.writeFailed(path: path, reason: "the file system accepted no more bytes")
            }
            offset += written
        }
    }
}
