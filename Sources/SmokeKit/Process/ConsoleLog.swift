import Foundation
import SmokeCore

/// `console.log`: every byte the build and test processes printed, unaltered, in order. A failed write (full
/// disk) stops the writing, never the run (`FileHandle.write` traps on Linux); the run reports it (`failure`).
package final class ConsoleLog: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    private let writer: FileWriter
    private let lock = NSLock()
    private var firstFailure: StoreError?
    /// A section's log (`section()`): bytes are kept here and go to `parent` in one write at `endSection()`.
    private let parent: ConsoleLog?
    private var buffer = Data()
    /// Lines written so far (a section: lines held).
    private var lines = 0

    /// Opens (creating) the log at `url` for appending; nil writes nowhere.
    init(url: URL?, writer: FileWriter = .system) throws {
        self.writer = writer
        parent = nil
        guard let url else {
            descriptor = -1
            path = ""
            return
        }
        path = url.path
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.writeFailed(path: url.path, reason: POSIXFile.lastError()) }
    }

    private init(parent: ConsoleLog) {
        self.parent = parent
        writer = parent.writer
        descriptor = -1
        path = parent.path
    }

    /// A log for one of several concurrent processes: held, then written here in one piece at `endSection()`.
    func section() -> ConsoleLog {
        ConsoleLog(parent: self)
    }

    /// Writes what the section holds to its parent in one piece; returns the parent's line count before it.
    @discardableResult
    func endSection() -> Int {
        lock.lock()
        let held = buffer
        buffer = Data()
        lines = 0
        lock.unlock()
        guard let parent else { return 0 }
        return parent.append(held)
    }

    /// Whether this is a section (`section()`): its lines land in console.log at a place known only at its end.
    var isSection: Bool { parent != nil }

    var lineCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    private var writes: Bool { descriptor >= 0 || parent != nil }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard writes, bytes.count > 0 else { return }
        append(Data(bytes))
    }

    /// A line smokerun itself adds (batch headers), marked so it is never mistaken for test output.
    func note(_ text: String) {
        guard writes else { return }
        append(Data("[smokerun] \(text)\n".utf8))
    }

    /// The first write that failed, if any: after it the log is incomplete and nothing more is written.
    var failure: StoreError? {
        if let parent { return parent.failure }
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    /// Appends `data`; returns how many lines the log held before it.
    @discardableResult
    private func append(_ data: Data) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let before = lines
        lines += data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        if parent != nil {
            buffer.append(data)
            return before
        }
        guard firstFailure == nil, !data.isEmpty else { return before }
        do {
            try writer.writeAll(data, to: descriptor, path: path)
        } catch let error as StoreError {
            firstFailure = error
        } catch {
            firstFailure = .writeFailed(path: path, reason: error.localizedDescription)
        }
        return before
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
