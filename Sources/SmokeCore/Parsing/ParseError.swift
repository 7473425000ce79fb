import Foundation

/// A log `smokerun parse` cannot read; exits 2 and names the file.
package enum ParseError: LocalizedError, DomainError, Equatable {
    case unreadable(path: String, reason: String)
    /// `said`: what the file says happened instead (the test runner's error, the build's first error), when it does.
    case noTestOutput(path: String, said: String? = nil)
    case binary(path: String)
    /// A text file in UTF-16 (a byte-order mark `FF FE`/`FE FF`, or a NUL beside every ASCII character), as
    /// PowerShell's `>` and some Windows tools save logs; `xml`: it starts with markup (a JUnit file), whose declaration
    /// names its encoding too.
    case utf16(path: String, xml: Bool = false)
    /// A document (xcresulttool JSON, JUnit XML) that is not well-formed, too large, or holds no tests, or one that
    /// holds no per-test results; `reason` says which and what to pass instead.
    case resultDocument(path: String, reason: String)
    /// A JUnit file that ends inside its root `element` before any test case: its writer stopped (`swift test` leaves
    /// its `--xunit-output` file so when a test crashes the process). Beside other inputs it is left out, said.
    case unfinishedDocument(path: String, element: String)
    /// A log that shows the build or the test runner failing before any test ran: not invalid input but a run that
    /// could not test. `parse` writes its report anyway, with the error, and exits 3 (as `run` does).
    case failedBeforeTests(path: String, failure: FailureBeforeTests)
    /// A log xcpretty or xcbeautify formatted, which keeps no lines smokerun reads; `line` and `text`: its first
    /// formatted test line.
    case formattedLog(path: String, line: Int, text: String)
    /// A log whose test lines all carry a prefix smokerun does not remove, so none was read: whatever its other lines
    /// say, nothing of its run can be concluded. Exits 3, as a log whose frameworks' totals count tests it shows in a
    /// form smokerun does not read.
    case unreadPrefix(path: String, UnreadPrefix)

    package var kind: ErrorKind {
        switch self {
        case .failedBeforeTests, .unreadPrefix: .infrastructure
        default: .invalidInput
        }
    }

    /// The same error naming `given` where it named `read`: a pipe is parsed from the copy it was saved to, and a
    /// message names what the user passed.
    package func naming(_ given: String, for read: String) -> ParseError {
        func name(_ path: String) -> String { path == read ? given : path }
        switch self {
        case .unreadable(let path, let reason): return .unreadable(path: name(path), reason: reason)
        case .noTestOutput(let path, let said): return .noTestOutput(path: name(path), said: said)
        case .binary(let path): return .binary(path: name(path))
        case .utf16(let path, let xml): return .utf16(path: name(path), xml: xml)
        case .resultDocument(let path, let reason): return .resultDocument(path: name(path), reason: reason)
        case .unfinishedDocument(let path, let element): return .unfinishedDocument(path: name(path), element: element)
        case .failedBeforeTests(let path, let failure): return .failedBeforeTests(path: name(path), failure: failure)
        case .formattedLog(let path, let line, let text): return .formattedLog(path: name(path), line: line, text: text)
        case .unreadPrefix(let path, let prefix): return .unreadPrefix(path: name(path), prefix)
        }
    }

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot be read (\(reason)). Check the path and its permissions."
        case .noTestOutput(let path, let said?):
            "\(path): contains no test output: \(said)."
        case .noTestOutput(let path, nil):
            """
            \(path): contains no test output (no XCTest or Swift Testing lines, no event-stream records). Pass the \
            output of `swift test`, `xcodebuild test`, an `--experimental-event-stream-output` file, or a JUnit XML \
            file (`swift test --xunit-output`).
            """
        case .binary(let path):
            """
            \(path): looks like binary data, not a text log (NUL bytes or invalid UTF-8). Pass the test output as text.
            """
        case .utf16(let path, let xml):
            Self.utf16Advice(path: path, xml: xml)
        case .resultDocument(let path, let reason):
            "\(path): \(reason)"
        case .unfinishedDocument(let path, let element):
            """
            \(path): ends inside its <\(element)> before any <testcase>: the tool writing it stopped (`swift test` \
            leaves its `--xunit-output` file so when a test crashes its process). Parse the run's console output or \
            event stream instead, or beside it
            """
        case .failedBeforeTests(let path, let failure):
            "\(path): \(failure.sentence) \(failure.advice)."
        case .formattedLog(let path, let line, let text):
            """
            \(path): is a formatted log (xcpretty or xcbeautify output; line \(line): `\(text)`), which drops the lines \
            smokerun reads: each test's start and result, failure locations, crashes. Pass the raw output of `swift test` \
            or `xcodebuild test` instead, saved before it is formatted (`xcodebuild test … | tee raw.log | xcbeautify`), \
            or the .xcresult bundle.
            """
        case .unreadPrefix(let path, let unread):
            """
            \(path): its test lines carry a prefix smokerun does not read (line \(unread.line) starts with \
            `\(unread.prefix)` before its test line), so none of them was read and nothing can be concluded of its run. \
            Strip the prefix and parse the copy: \(Self.stripCommand(unread, path: path))
            """
        }
    }

    /// A command that removes `unread`'s prefix from every line: up to a TAB that ends it, else as many bytes.
    private static func stripCommand(_ unread: UnreadPrefix, path: String) -> String {
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let bare = "'" + (path + ".bare.log").replacingOccurrences(of: "'", with: "'\\''") + "'"
        if unread.prefix.hasSuffix("\t"), unread.prefix.filter({ $0 == "\t" }).count == 1 {
            return "cut -f2- \(quoted) > \(bare)"
        }
        return
            """
            cut -b\(unread.width + 1)- \(quoted) > \(bare) (when every line's prefix is \(unread.width) bytes wide; \
            else remove it with sed -E 's/^…//' and a pattern of its own)
            """
    }
}

extension ParseError {
    /// The conversion to run: a file's copy beside it; a pipe's (`/dev/stdin`) from the same command into a file. An
    /// XML document's declaration says UTF-16 too, and must say UTF-8 in the copy.
    fileprivate static func utf16Advice(path: String, xml: Bool) -> String {
        let piped = path.hasPrefix("/dev/")
        let input = piped ? "" : " '\(path)'"
        let copy = piped ? "converted.utf8.\(xml ? "xml" : "log")" : "\(path).utf8.\(xml ? "xml" : "log")"
        let declaration = xml ? " | sed '1s/UTF-16/UTF-8/'" : ""
        return """
            \(path): is UTF-16 \(xml ? "XML" : "text"), and smokerun reads UTF-8. Convert it and parse the copy: \
            iconv -f UTF-16 -t UTF-8\(input)\(declaration) > '\(copy)'
            """
    }
}
