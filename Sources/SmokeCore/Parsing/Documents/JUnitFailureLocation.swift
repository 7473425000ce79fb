/// Where a JUnit `<failure>` or `<error>` happened, when its document says. The test case's `file` and `line`
/// attributes say it plainly; most Xcode tools put it in the message or text instead, each its own way:
///
/// - `/src/T.swift:34 - XCTAssertTrue failed` or `T.swift:122: Caught error` (xcbeautify, fastlane trainer for Swift
///   Testing): at the start;
/// - `XCTAssertTrue failed (/src/T.swift:19)` (trainer, xcresultparser): in brackets at the end;
/// - `XCTAssertTrue failed (/src/T.swift#CharacterRangeLen=0&EndingLineNumber=36&StartingLineNumber=36)` (trainer from
///   a result bundle): the bundle's own location, its line counted from 0;
/// - `T.swift:38` as the element's whole text (xcpretty, test_center).
///
/// The message stays as written; the location is what reports link and group failures by.
struct JUnitFailureLocation: Equatable {
    var file: String
    var line: Int?

    /// The location the test case's attributes give with its line, else the first the message or the text holds
    /// (the assertion's own, perhaps in a helper's file), else the attributes' file alone.
    static func find(file: String?, line: Int?, message: String?, text: String) -> Self? {
        if let file, line != nil { return Self(file: file, line: line) }
        for said in [message ?? "", text] {
            let said = said.trimmingCharacters(in: .whitespacesAndNewlines)
            if let found = whole(said) ?? leading(said) ?? bracketed(said) { return found }
        }
        return file.map { Self(file: $0, line: nil) }
    }

    /// `path:line` and nothing else.
    private static func whole(_ text: Substring) -> Self? {
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line > 0 else {
            return nil
        }
        let path = text[..<colon]
        if isSourcePath(path) { return Self(file: String(path), line: line) }
        // `path:line:column`
        return whole(path).map { Self(file: $0.file, line: $0.line) }
    }

    private static func whole(_ text: String) -> Self? { whole(text[...]) }

    /// `path:line: …`, `path:line - …` or `path:line failed - …` (codemagic) at the start of the first line.
    private static func leading(_ text: String) -> Self? {
        let firstLine = text.prefix { $0 != "\n" }
        for separator in [": ", " - ", " "] {
            guard let end = firstLine.range(of: separator) else { continue }
            if let found = whole(firstLine[..<end.lowerBound]) { return found }
        }
        return nil
    }

    /// `… (path:line)` or `… (path#…StartingLineNumber=N…)` at the end of a one-line message: the last line of a
    /// stack trace (`at …(ForkedBooter.java:418)`) is the runtime's outermost frame, not where the test failed.
    private static func bracketed(_ text: String) -> Self? {
        guard text.hasSuffix(")"), !text.contains("\n"), let open = text.lastIndex(of: "(") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let hash = inside.firstIndex(of: "#") else { return whole(inside) }
        let path = inside[..<hash]
        guard isSourcePath(path) else { return nil }
        return Self(file: String(path), line: bundleLine(inside[inside.index(after: hash)...]))
    }

    /// The 1-based line a result bundle's location fragment (`CharacterRangeLen=0&StartingLineNumber=35`) names: it
    /// counts lines from 0. Nil when it names none, or one no file has.
    static func bundleLine(_ fragment: Substring) -> Int? {
        let line = fragment.split(separator: "&").first { $0.hasPrefix("StartingLineNumber=") }
            .flatMap { Int($0.dropFirst("StartingLineNumber=".count)) }
        return line.flatMap { $0 >= 0 && $0 < Int.max ? $0 + 1 : nil }
    }

    /// A file's path: one word (folders may hold spaces after a `/`) ending in a name with an extension, in a folder
    /// or with a source file's extension (`api.example.com:443` is a host and port, not a place).
    private static func isSourcePath(_ path: Substring) -> Bool {
        guard let name = path.split(separator: "/").last, !name.contains(" "), let dot = name.lastIndex(of: "."),
            dot > name.startIndex, name.index(after: dot) < name.endIndex
        else { return false }
        let suffix = name[name.index(after: dot)...]
        return suffix.allSatisfy { $0.isLetter || $0.isNumber } && (path.first == "/" || !path.contains(" "))
            && (path.contains("/") || sourceExtensions.contains(suffix.lowercased()))
    }

    private static let sourceExtensions: Set<String> = [
        "swift", "m", "mm", "c", "cc", "cpp", "h", "hpp", "kt", "java", "py", "js", "ts", "rb", "go", "rs", "cs",
    ]
}
