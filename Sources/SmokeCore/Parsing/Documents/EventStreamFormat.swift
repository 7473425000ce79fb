/// Swift Testing's JSON event stream, one record per line: its first line is a JSON object naming a `kind`.
package struct EventStreamFormat: InputFormat {
    package var name: String { "eventStream" }

    package func claims(head: InputHead) -> Bool {
        guard let start = head.content(opensWith: "{") else { return false }
        let lineEnd = head.bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? head.bytes.count
        return UnsafeBufferPointer(rebasing: head.bytes[start..<lineEnd]).firstIndex(of: "\"kind\"") != nil
    }

    package func makeReader() -> InputReader { .eventStream }
}
