#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `console.log`: every byte the build and test processes printed, unaltered, in order.
///
/// A write that fails (a full disk) must not stop the run or crash it — `FileHandle.write(_:)`
/// traps on such an error on Linux — so the first failure is kept, writing stops, and the run
/// reports it as an infrastructure error naming the file (see `failure`).
package final class ConsoleLog: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    private let writer: FileWriter
    private let lock = NSLock()
    private var firstFailure: StoreError?

    /// Opens (creating) the log at `url` for appending; nil writes nowhere.
    package init(url: URL?, writer: FileWriter = .system) throws {
        self.writer = writer
        guard let url else {
            descriptor = -1
            path = ""
            return
        }
        path = url.path
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: POSIXFile.lastError()) }
    }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard descriptor >= 0, bytes.count > 0 else { return }
        append(Data(bytes))
    }

    /// A line smokerun itself adds (batch headers), marked so it is never mistaken for test output.
    package func note(_ text: String) {
        guard descriptor >= 0 else { return }
        append(Data("[smokerun] \(text)\n".utf8))
    }

    /// The first write that failed, if any: after it the log is incomplete and nothing more is written.
    package var failure: StoreError? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    private func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        guard firstFailure == nil else { return }
        do {
            try writer.writeAll(data, to: descriptor, path: path)
        } catch let error as StoreError {
            firstFailure = error
        } catch {
            firstFailure = .writeFailed(path: path, reason: error.localizedDescription)
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
