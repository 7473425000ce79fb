import Foundation
import SmokeCore

/// Reads an open file in fixed-size chunks into one reused buffer and hands each to a body, in order.
struct ChunkReader {
    let descriptor: Int32
    let chunkSize: Int

    /// Calls `body` with every chunk until the end of the file; stops at the first error, `body`'s or a read's.
    func forEachChunk(
        _ body: (UnsafeRawBufferPointer) throws(ParseError) -> Void, readFailed: (Int32) -> ParseError
    ) throws(ParseError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Self.readChunk(descriptor, into: buffer)
            if count < 0 { throw readFailed(errno) }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// One `read(2)`, retried after an interruption.
    private static func readChunk(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }
}
