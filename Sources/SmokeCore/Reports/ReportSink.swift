import Foundation

/// Where a report writer puts its bytes: a buffer handed on in pieces of about a megabyte (Documentation/Performance.md).
/// The writers only append; the owner decides where the pieces go (a file through `FileWriter`, or memory for tests).
package struct ReportSink {
    private static let flushThreshold = 1 << 20
    private var buffer: [UInt8] = []
    private let deliver: (UnsafeRawBufferPointer) throws -> Void
    /// The first failure to deliver; later bytes are dropped and `finish` throws it.
    private var failure: (any Error)?

    package init(deliver: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.deliver = deliver
        buffer.reserveCapacity(Self.flushThreshold + 4096)
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
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        flushIfFull()
    }

    @inline(__always)
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        flushIfFull()
    }

    package mutating func append(_ data: Data) {
        buffer.append(contentsOf: data)
        flushIfFull()
    }

    package mutating func append(bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        flushIfFull()
    }

    package mutating func append(byte: UInt8) { buffer.append(byte) }

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
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(20 - count)...]))
        }
    }

    /// Hands on what is buffered; throws the first failure to deliver.
    package mutating func finish() throws {
        deliverBuffer()
        if let failure { throw failure }
    }

    @inline(__always)
    private mutating func flushIfFull() {
        if buffer.count >= Self.flushThreshold { deliverBuffer() }
    }

    private mutating func deliverBuffer() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try buffer.withUnsafeBytes { try deliver($0) }
        } catch {
            failure = error
        }
    }
}
