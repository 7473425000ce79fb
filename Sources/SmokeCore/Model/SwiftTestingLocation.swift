/// The source location Swift Testing puts at the end of a test's id (`…/parses()/ParserTests.swift:5:4`): always in
/// an event stream's ids, and in `--list-tests` when two tests would share an id (overloads; one suite name in two
/// test targets). Pure.
package enum SwiftTestingLocation {
    /// `File.swift:12:6`.
    package static func isLocation(_ component: Substring) -> Bool {
        let parts = component.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count >= 3
            && parts.suffix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The id's components between `/`s, a raw identifier's own `/`s kept (`` Module.`a/b works`()/A.swift:3:2 ``).
    package static func components(_ id: String) -> [Substring] {
        var parts: [Substring] = []
        var start = id.startIndex
        var quoted = false
        for index in id.indices {
            if id[index] == "`" {
                quoted.toggle()
            } else if !quoted, id[index] == "/" {
                parts.append(id[start..<index])
                start = id.index(after: index)
            }
        }
        parts.append(id[start...])
        return parts
    }

    /// The id without a trailing source location.
    package static func removed(from id: String) -> String {
        guard let slash = id.lastIndex(of: "/"), isLocation(id[id.index(after: slash)...]) else { return id }
        return String(id[..<slash])
    }
}
