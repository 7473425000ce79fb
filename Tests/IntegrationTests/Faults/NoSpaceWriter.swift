import Foundation

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `FileWriter` that behaves like a full disk for chosen files: the real `write(2)` for the
/// others, and for a file whose name matches, `bytesAccepted` bytes written then ENOSPC (a partial
/// write followed by the error, which is what a nearly full disk does).
enum NoSpaceWriter {
    static func failing(_ fileName: @escaping @Sendable (String) -> Bool, bytesAccepted: Int = 0) -> FileWriter {
        let counter = ByteCounter()
        return FileWriter { descriptor, bytes, path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            // Temp files of atomic writes count as the file they become.
            let target = AtomicFile.targetName(ofTemporary: name) ?? name
            guard fileName(target) else { return FileWriter.system.write(descriptor, bytes, path) }
            let room = counter.take(upTo: bytes.count, limit: bytesAccepted, key: path)
            guard room > 0 else {
                errno = ENOSPC
                return -1
            }
            return FileWriter.system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[0..<room]), path)
        }
    }

    /// Bytes already accepted per file, so the limit holds across several write calls.
    private final class ByteCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var accepted: [String: Int] = [:]

        func take(upTo wanted: Int, limit: Int, key: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            let room = max(0, min(wanted, limit - accepted[key, default: 0]))
            accepted[key, default: 0] += room
            return room
        }
    }
}
