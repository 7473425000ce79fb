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
    /// records spread over lines (`jq .`). Its first object's first key is one of a record's (`kind`, `payload`,
    /// `version`, in whatever order its writer put them), over more than its first line, and the head names a
    /// record's `payload` and `version` (`Package.resolved`, printed before a log, starts with other keys).
    package static func isOneDocument(_ head: LineBytes) -> Bool {
        let start = head.skippingBlanks()
        guard start < head.count, head.firstIndex(of: "\"payload\"", from: start) != nil,
            head.firstIndex(of: "\"version\"", from: start) != nil
        else { return false }
        var object = start
        if head[start] == UInt8(ascii: "[") {
            guard let first = nextNonSpace(head, after: start), head[first] == UInt8(ascii: "{") else { return false }
            object = first
        } else {
            guard head[start] == UInt8(ascii: "{") else { return false }
            // One record on its line is the stream as written.
            let lineEnd = head.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.count
            guard UnsafeBufferPointer(rebasing: head[start..<lineEnd]).firstIndex(of: "\"payload\"") == nil else {
                return false
            }
        }
        guard let key = nextNonSpace(head, after: object) else { return false }
        return head.hasPrefix("\"kind\"", at: key) || head.hasPrefix("\"payload\"", at: key)
            || head.hasPrefix("\"version\"", at: key) && head.firstIndex(of: "\"kind\"", from: key) != nil
    }

    /// The first byte after `index` that is no space, TAB, CR or line end.
    private static func nextNonSpace(_ head: LineBytes, after index: Int) -> Int? {
        head[(index + 1)...].firstIndex { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }
    }
}
