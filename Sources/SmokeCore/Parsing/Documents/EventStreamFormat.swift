/// Swift Testing's JSON event stream, one record per line: its first line is a JSON object naming a `kind`.
package struct EventStreamFormat: InputFormat {
    package var name: String { "eventStream" }

    package func claims(head: InputHead) -> Bool {
        guard let start = head.content(opensWith: "{") else { return false }
        let lineEnd = head.bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.bytes.count
        return UnsafeBufferPointer(rebasing: head.bytes[start..<lineEnd]).firstIndex(of: "\"kind\"") != nil
    }

    package func makeReader() -> InputReader { .eventStream }

    /// Whether `head` is an event stream's records rewritten as one JSON document: an array of records (`jq -s`), or
    /// records spread over lines (`jq .`), the first line holding no `kind`; each names its stream's `version`.
    package static func isOneDocument(_ head: LineBytes) -> Bool {
        let start = head.skippingBlanks()
        guard start < head.count, head.firstIndex(of: "\"version\"", from: start) != nil else { return false }
        if head[start] == UInt8(ascii: "[") {
            let first = head[(start + 1)...].firstIndex { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }
            return first.map { head[$0] == UInt8(ascii: "{") } == true && head.firstIndex(of: "\"kind\"") != nil
        }
        guard head[start] == UInt8(ascii: "{") else { return false }
        let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.count
        return UnsafeBufferPointer(rebasing: head[start..<lineEnd]).firstIndex(of: "\"kind\"") == nil
            && head.firstIndex(of: "\"kind\"", from: lineEnd) != nil
    }
}
