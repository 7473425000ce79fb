import Foundation
import SmokeCore

/// A file descriptor: stdout or stderr.
final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    let isTerminal: Bool
    private var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
    }

    static let standardOutput = FileDescriptorOutput(descriptor: 1)
    static let standardError = FileDescriptorOutput(descriptor: 2)

    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 {
                if failure == nil { failure = written < 0 ? errno : EIO }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    var writeFailure: String? {
        lock.lock()
        defer { lock.unlock() }
        return failure.map { String(cString: strerror($0)) }
    }
}

/// Collects text in memory, for tests and golden files.
final class BufferOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    let isTerminal: Bool

    init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    func write(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
