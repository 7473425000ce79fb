/// `path:line: ` or `path:line:column: ` at a line's start (XCTest failures, fatal errors, compiler diagnostics), or
/// after output a test printed without a final newline (`Checking totals... /src/T.swift:9: error: …`).
struct SourceLocationPrefix {
    var file: String
    var line: Int
    var column: Int?
    /// Where the path starts: after the line's start when output without a newline came first.
    var fileStart: Int
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
            if let location = Self(bytes, start, colon: colon) {
                self = location
                return
            }
        }
        // Output a test printed without a line end can push the path past the bound: XCTest's `: error: ` after
        // `:line` (or `:line:column`) says where it ends.
        guard limit < bytes.count, let marker = bytes.firstIndex(of: ": error: ", from: limit - 16) else { return nil }
        let lineColon = Self.colon(before: marker, in: bytes, after: start)
        let columnColon = lineColon.flatMap { Self.colon(before: $0, in: bytes, after: start) }
        for colon in [columnColon, lineColon].compactMap({ $0 }) {
            if let location = Self(bytes, start, colon: colon) {
                self = location
                return
            }
        }
        return nil
    }

    /// The colon before the digits that end at `end`, when there are digits and a colon before them.
    static func colon(before end: Int, in bytes: LineBytes, after start: Int) -> Int? {
        var digits = end
        while digits > start + 1, bytes[digits - 1] &- UInt8(ascii: "0") < 10 { digits -= 1 }
        return digits < end && bytes[digits - 1] == UInt8(ascii: ":") ? digits - 1 : nil
    }

    /// The location whose path ends at `colon`, the text from `start` before it (when the line number and `: `
    /// follow).
    init?(_ bytes: LineBytes, _ start: Int, colon: Int) {
        let lineEnd = bytes.endOfDigits(from: colon + 1)
        guard lineEnd > colon + 1, lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: ":"),
            let lineNumber = bytes.integer((colon + 1)..<lineEnd)
        else { return nil }
        let fileStart = Self.pathStart(bytes, start, colon)
        if bytes[lineEnd + 1] == UInt8(ascii: " ") {
            self.init(
                file: bytes.string(fileStart..<colon), line: lineNumber, column: nil, fileStart: fileStart,
                restStart: lineEnd + 2)
            return
        }
        let columnEnd = bytes.endOfDigits(from: lineEnd + 1)
        guard columnEnd > lineEnd + 1, bytes.hasPrefix(": ", at: columnEnd) else { return nil }
        self.init(
            file: bytes.string(fileStart..<colon), line: lineNumber,
            column: bytes.integer((lineEnd + 1)..<columnEnd), fileStart: fileStart, restStart: columnEnd + 2)
    }

    private init(file: String, line: Int, column: Int?, fileStart: Int, restStart: Int) {
        self.file = file
        self.line = line
        self.column = column
        self.fileStart = fileStart
        self.restStart = restStart
    }

    /// Where the path that ends at `colon` starts. XCTest prints it at the line's start, but output a test printed
    /// without a newline comes first on the same line: text and a space (`Checking totals... /src/T.swift`), or a
    /// progress bar glued to it (`#####/src/T.swift`, `100%/src/T.swift`). A path may hold spaces itself
    /// (`/Users/Jo Smith/T.swift`), and a relative one starts with a name (`Tests/T.swift`): both stay whole.
    private static func pathStart(_ bytes: LineBytes, _ lineStart: Int, _ colon: Int) -> Int {
        // The same line mirrored through os_log (`2023-10-31 15:59:00.8+0100 xctest[92156:12399312] Mocks/M.swift:9:
        // Fatal error: …`): the path starts after the process's name.
        let start = ProcessLogLine.textStart(bytes, at: lineStart).flatMap { $0 < colon ? $0 : nil } ?? lineStart
        // XCTest's own line starts with its absolute path, whatever folder names it holds (`Dropbox (Personal)`).
        if bytes[start] == UInt8(ascii: "/") { return start }
        var runStart = colon
        while runStart > start, bytes[runStart - 1] != UInt8(ascii: " ") { runStart -= 1 }
        let slash = UInt8(ascii: "/")
        if runStart > start, bytes[runStart] == slash { return runStart }
        if bytes[runStart] != slash {
            var index = runStart + 1
            while index < colon {
                // A bracket closes a folder's own name (`App [WIP]/T.swift`), never a progress bar.
                let before = bytes[index - 1]
                if bytes[index] == slash, !isPathByte(before), before != UInt8(ascii: ")"), before != UInt8(ascii: "]")
                {
                    return index
                }
                index += 1
            }
        }
        // The last word continues a path with a space in it (`/Users/Jo Smith/T.swift`), after output or not.
        var index = runStart - 1
        while index > start {
            if bytes[index] == slash, bytes[index - 1] == UInt8(ascii: " ") { return index }
            index -= 1
        }
        return colon - start > maximumPathLength ? runStart : start
    }

    /// A byte a file or folder name holds: a letter, digit, `.`, `_`, `-`, `~`, `+`, `@`, `/` or one of a UTF-8
    /// character.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...0xFF:
            true
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "+"),
            UInt8(ascii: "@"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
