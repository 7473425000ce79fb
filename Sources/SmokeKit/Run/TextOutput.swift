import Foundation
import SmokeCore

/// Where a command writes text: a real stream, or a buffer in tests.
package protocol TextOutput: AnyObject, Sendable {
    func write(_ text: String)
    /// Whether this is an interactive terminal (progress lines, colour).
    var isTerminal: Bool { get }
}

extension TextOutput {
    package func line(_ text: String = "") { write(text + "\n") }
}

/// A file descriptor: stdout or stderr.
package final class FileDescriptorOutput: TextOutput, @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    package let isTerminal: Bool

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
    }

    package static let standardOutput = FileDescriptorOutput(descriptor: 1)
    package static let standardError = FileDescriptorOutput(descriptor: 2)

    package func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
        bytes.removeAll()
    }
}

/// Collects text in memory, for tests and golden files.
package final class BufferOutput: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    package let isTerminal: Bool

    package init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    package func write(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
