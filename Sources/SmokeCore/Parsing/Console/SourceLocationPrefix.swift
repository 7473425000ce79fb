/// `path:line: ` or `path:line:column: ` at a line's start (XCTest failures, fatal errors, compiler diagnostics).
struct SourceLocationPrefix {
    var file: String
    var line: Int
    var column: Int?
    /// Where the text after `: ` starts.
    var restStart: Int

    /// The file, unless it is a placeholder rather than a place: `<EXPR>:0` (an expression evaluated outside any
    /// file), `<unknown>`, `<compiler-generated>`, or line 0. Reports then show no `file:line` instead of a false one.
    var knownFile: String? { isPlace ? file : nil }
    var knownLine: Int? { isPlace ? line : nil }
    private var isPlace: Bool { line > 0 && !file.hasPrefix("<") }

    /// Paths longer than this are not looked for; it bounds the scan on long lines.
    static let maximumPathLength = 1024

    init?(_ bytes: LineBytes, _ start: Int) {
        let limit = Swift.min(bytes.count, start + Self.maximumPathLength)
        var search = start
        while let colon = bytes.firstIndex(of: UInt8(ascii: ":"), from: search, upTo: limit) {
            search = colon + 1
            guard colon > start else { continue }
            let lineEnd = bytes.endOfDigits(from: colon + 1)
            guard lineEnd > colon + 1, lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: ":"),
                let lineNumber = bytes.integer((colon + 1)..<lineEnd)
            else { continue }
            if bytes[lineEnd + 1] == UInt8(ascii: " ") {
                self.init(file: bytes.string(start..<colon), line: lineNumber, column: nil, restStart: lineEnd + 2)
                return
            }
            let columnEnd = bytes.endOfDigits(from: lineEnd + 1)
            if columnEnd > lineEnd + 1, bytes.hasPrefix(": ", at: columnEnd) {
                self.init(
                    file: bytes.string(start..<colon), line: lineNumber,
                    column: bytes.integer((lineEnd + 1)..<columnEnd), restStart: columnEnd + 2)
                return
            }
        }
        return nil
    }

    private init(file: String, line: Int, column: Int?, restStart: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.restStart = restStart
    }
}
