import Foundation

/// Streams a JSON object too big to encode whole (report.json's `tests`, a history line's per-test maps):
/// `JSONEncoder` encodes it with those members empty, then the writer writes it again member by member, the caller
/// streaming the big ones. The bytes equal `JSONEncoder`'s for the whole object (the callers' tests hold them so).
package struct JSONObjectWriter {
    /// One member of an encoded object: its key as written (quotes included) and its value's bytes.
    struct Member {
        var key: Range<Int>
        var value: Range<Int>
    }

    private let document: Data
    private let members: [Member]
    private let pretty: Bool

    /// `document`: a JSON object as `JSONCoding.encoder(pretty:)` wrote it, pretty-printed as `pretty` says.
    package init(document: Data, pretty: Bool) {
        self.document = document
        self.pretty = pretty
        members = document.withUnsafeBytes { Self.members(of: Array($0.bindMemory(to: UInt8.self))) }
    }

    /// Writes the object; `streamed` is asked for each member's value by key (the writer writes the key and the
    /// separators) and writes it, or declines (returns false) and the encoded value is written.
    package func stream(into sink: inout ReportSink, streamed: (String, inout ReportSink) -> Bool) {
        sink.append(pretty ? "{\n" : "{")
        for (index, member) in members.enumerated() {
            if index > 0 { sink.append(pretty ? ",\n" : ",") }
            if pretty { sink.append("  ") }
            sink.append(document[member.key])
            sink.append(pretty ? " : " : ":")
            let key = String(
                decoding: document[(member.key.lowerBound + 1)..<(member.key.upperBound - 1)], as: UTF8.self)
            if streamed(key, &sink) { continue }
            sink.append(document[member.value])
        }
        sink.append(pretty ? "\n}" : "}")
    }

    /// The top-level members of an encoded object, in order; empty for anything else.
    static func members(of bytes: [UInt8]) -> [Member] {
        var members: [Member] = []
        var index = skipBlanks(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return [] }
        index += 1
        while true {
            index = skipBlanks(bytes, from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return members }
            let keyStart = index
            index = endOfString(bytes, from: index)
            let key = keyStart..<index
            index = skipBlanks(bytes, from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return members }
            index = skipBlanks(bytes, from: index + 1)
            let valueStart = index
            index = endOfValue(bytes, from: index)
            var valueEnd = index
            while valueEnd > valueStart, isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
            members.append(Member(key: key, value: valueStart..<valueEnd))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return members }
            index += 1
        }
    }

    /// The index after the string that starts (with its quote) at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return index
    }

    /// The index of the `,` or `}` that ends the member value starting at `start`.
    private static func endOfValue(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return index
    }

    private static func skipBlanks(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        return index
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}
