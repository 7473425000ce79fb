import Foundation

/// Where a report writer puts its bytes: a buffer handed on in pieces of about a megabyte (Documentation/Performance.md).
/// The writers only append; the owner decides where the pieces go (a file through `FileWriter`, or memory for tests).
package struct ReportSink {
    private static let flushThreshold = 1 << 20
    /// The bytes not yet delivered, in a buffer of its own written with plain copies.
    private let buffer = Buffer(capacity: flushThreshold + 64 * 1024)
    private let deliver: (UnsafeRawBufferPointer) throws -> Void
    /// The first failure to deliver; later bytes are dropped and `finish` throws it.
    private var failure: (any Error)?

    package init(deliver: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.deliver = deliver
    }

    /// Renders into memory: what the golden tests compare and small callers use.
    static func collect(_ render: (inout ReportSink) -> Void) -> Data {
        var data = Data()
        var sink = ReportSink { data.append(contentsOf: $0) }
        render(&sink)
        try? sink.finish() // delivering to memory cannot fail
        return data
    }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: UnsafeRawBufferPointer($0)) }
    }

    package mutating func append(_ data: Data) {
        data.withUnsafeBytes { append(bytes: $0) }
    }

    @inline(__always)
    package mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        if buffer.count + bytes.count > buffer.capacity {
            deliverBuffer()
            // Bigger than the whole buffer: handed on as it is.
            guard bytes.count <= buffer.capacity else { return deliverDirectly(bytes) }
        }
        (buffer.start + buffer.count).copyMemory(from: start, byteCount: bytes.count)
        buffer.count += bytes.count
        if buffer.count >= Self.flushThreshold { deliverBuffer() }
    }

    @inline(__always)
    package mutating func append(byte: UInt8) {
        buffer.start.storeBytes(of: byte, toByteOffset: buffer.count, as: UInt8.self)
        buffer.count += 1
        if buffer.count >= Self.flushThreshold { deliverBuffer() }
    }

    /// A non-negative integer in decimal, without making a `String`.
    package mutating func append(decimal value: Int) {
        guard value >= 0 else { return append(String(value)) }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            append(bytes: UnsafeRawBufferPointer(rebasing: raw[(20 - count)...]))
        }
    }

    /// Hands on what is buffered; throws the first failure to deliver.
    package mutating func finish() throws {
        deliverBuffer()
        if let failure { throw failure }
    }

    private mutating func deliverBuffer() {
        defer { buffer.count = 0 }
        guard failure == nil, buffer.count > 0 else { return }
        do {
            try deliver(UnsafeRawBufferPointer(start: buffer.start, count: buffer.count))
        } catch {
            failure = error
        }
    }

    private mutating func deliverDirectly(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        do {
            try deliver(bytes)
        } catch {
            failure = error
        }
    }

    /// Memory the sink owns, freed with it.
    private final class Buffer {
        let start: UnsafeMutableRawPointer
        let capacity: Int
        var count = 0

        init(capacity: Int) {
            start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            self.capacity = capacity
        }

        deinit { start.deallocate() }
    }
}
