import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an open file in fixed-size chunks and hands each to a body, in order. For a big file the next chunk is
/// read on a second thread while the body works on this one (two buffers, each handed back when the body is done
/// with it), so the copy out of the kernel overlaps the parsing instead of adding to it.
struct ChunkReader {
    let descriptor: Int32
    let chunkSize: Int
    /// Read ahead on a second thread (worth it for a file of many chunks).
    let readsAhead: Bool

    /// Calls `body` with every chunk until the end of the file; stops at the first error, `body`'s or a read's
    /// (`readFailed` makes one from the read's `errno`).
    func forEachChunk(
        _ body: (UnsafeRawBufferPointer) throws(ParseError) -> Void, readFailed: (Int32) -> ParseError
    ) throws(ParseError) {
        if readsAhead {
            try forEachChunkReadingAhead(body, readFailed: readFailed)
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Self.readChunk(descriptor, into: buffer)
            if count < 0 { throw readFailed(errno) }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    private func forEachChunkReadingAhead(
        _ body: (UnsafeRawBufferPointer) throws(ParseError) -> Void, readFailed: (Int32) -> ParseError
    ) throws(ParseError) {
        let shared = ReadAhead(chunkSize: chunkSize)
        defer { shared.deallocate() }
        let descriptor = descriptor
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var slot = 0
            while true {
                shared.free.wait()
                if shared.isStopped { break }
                let count = Self.readChunk(descriptor, into: shared.buffers[slot])
                shared.counts[slot] = count
                shared.errors[slot] = count < 0 ? errno : 0
                shared.filled.signal()
                if count <= 0 { break }
                slot ^= 1
            }
            finished.signal()
        }
        // The reader thread is done with the buffers before they go, whichever way this returns.
        defer {
            shared.stop()
            shared.free.signal()
            finished.wait()
        }
        var slot = 0
        while true {
            shared.filled.wait()
            let count = shared.counts[slot]
            if count < 0 { throw readFailed(shared.errors[slot]) }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: shared.buffers[slot][0..<count]))
            shared.free.signal()
            slot ^= 1
        }
    }

    /// One `read(2)`, again after an interruption.
    private static func readChunk(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// The two buffers and what each read left in them, shared with the reading thread; the semaphores order every
    /// access (a buffer is written only after `free`, read only after `filled`).
    private final class ReadAhead: @unchecked Sendable {
        let buffers: [UnsafeMutableRawBufferPointer]
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        let errors = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        /// Made at zero and signalled twice: libdispatch stops a process that frees a semaphore holding less than it
        /// was made with, which a stop halfway through leaves.
        let free = DispatchSemaphore(value: 0)
        let filled = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var stopped = false

        init(chunkSize: Int) {
            buffers = (0..<2).map { _ in UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16) }
            free.signal()
            free.signal()
            counts.initialize(repeating: 0, count: 2)
            errors.initialize(repeating: 0, count: 2)
        }

        var isStopped: Bool { lock.withLock { stopped } }
        func stop() { lock.withLock { stopped = true } }

        func deallocate() {
            for buffer in buffers { buffer.deallocate() }
            counts.deallocate()
            errors.deallocate()
        }
    }
}
