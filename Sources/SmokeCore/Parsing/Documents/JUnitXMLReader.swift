import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a JUnit XML document into its test cases as written (each `<testcase>` with its suites, outcome elements
/// and output) and the totals its outermost elements state; unknown elements are passed over.
final class JUnitXMLReader: NSObject, XMLParserDelegate {
    struct Case {
        var classname: String?
        var name: String
        var time: Double?
        /// The `file` and `line` attributes (GitLab's, Jenkins', pytest's and smokerun's own): where it failed.
        var file: String?
        var sourceLine: Int?
        /// The test case says it did not run (`status="disabled"`, googletest's `status="notrun"` or
        /// `result="skipped"`/`"suppressed"`): it is skipped, not passed, when no outcome element says otherwise.
        var notRun = false
        /// The names of the `<testsuite>` elements around it, outermost first.
        var suites: [String]
        var line: Int
        var outcomes: [Outcome] = []
        /// A `repetition` property (fastlane trainer's `Retry 2`): the input says it is another run of the test.
        var repetition: String?
        /// An `argument` property (fastlane trainer's, one per case of a parameterized Swift Testing test): runs with
        /// different arguments are cases of the test, not retries of it.
        var argument: String?
        var output: [String] = []
        /// The document ends inside this test case: it has no result.
        var endedByCut = false
    }

    /// A `<failure>`, `<error>` or `<skipped>` element, or a Surefire rerun (`<flakyFailure>`, `<rerunFailure>`, …).
    struct Outcome {
        var element: String
        var message: String?
        var type: String?
        var text: String
        var line: Int
        /// Its own `file` and `line` attributes (action-junit-report's producers write them on the element).
        var file: String? = nil
        var sourceLine: Int? = nil
    }

    /// The totals an element states: `tests`, `failures`, `errors`, `skipped`, and where.
    struct Totals {
        var tests: Int
        var failures: Int
        var errors: Int
        var skipped: Int
        var line: Int
    }

    private(set) var cases: [Case] = []
    /// The first element's name (`testsuites`, `testsuite`, …).
    private(set) var rootElement: String?
    /// The root `<testsuites>`'s own totals, when it states `tests`.
    private(set) var rootTotals: Totals?
    /// The totals each outermost `<testsuite>` states (those directly under the root, or the root itself).
    private(set) var topSuiteTotals: [Totals?] = []
    /// The `time` (seconds) the root `<testsuites>` states, and each outermost `<testsuite>`'s.
    private(set) var rootTime: Double?
    /// The first `timestamp` attribute of the root or a top-level suite.
    private(set) var timestamp: String?
    private(set) var topSuiteTimes: [Double?] = []
    private(set) var topSuiteNames: [String] = []
    /// The line where the document ends before its elements close (its writer stopped), or nil when it is whole.
    private(set) var endsAtLine: Int?
    /// Elements inside a test case that are not understood (nor properties or output).
    private(set) var unrecognized = 0

    private var suites: [String] = []
    private var current: Case?
    private var outcome: Outcome?
    /// The text of the element being read, when it is one whose text is kept.
    private var text: String?
    private var depth = 0
    /// The elements open now, outermost first (as far as 8 deep).
    private var open: [String] = []
    private weak var parser: XMLParser?

    /// The test cases of `data`, or the parser's error and its line when the document is not well-formed.
    static func read(_ data: Data) -> Result<JUnitXMLReader, ReadError> {
        let (reader, failure) = parse(data)
        guard var error = failure else { return .success(reader) }
        // Whole once cut after its last complete tag and the elements open there are closed: its writer stopped (a
        // crash, a full disk, a cut upload), not a document written wrong. Its finished test cases stand, and one
        // it ends inside is unfinished (failed, when its failure had begun).
        guard let lastTagEnd = data.lastIndex(of: UInt8(ascii: ">")) else { return .failure(error) }
        let (cut, _) = parse(data[...lastTagEnd])
        let closers = cut.open.reversed().map { "</\($0)>" }.joined()
        guard !cut.open.isEmpty, cut.open.count == cut.depth,
            parse(data[...lastTagEnd] + Data(closers.utf8)).failure == nil
        else { return .failure(error) }
        guard !cut.cases.isEmpty else {
            error.openRoot = cut.rootElement
            return .failure(error)
        }
        cut.endsAtLine = error.line
        if var running = cut.current {
            if var begun = cut.outcome {
                begun.text = (cut.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                running.outcomes.append(begun)
            }
            running.endedByCut = true
            cut.cases.append(running)
        }
        return .success(cut)
    }

    private static func parse(_ data: Data) -> (reader: JUnitXMLReader, failure: ReadError?) {
        let reader = JUnitXMLReader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        reader.parser = parser
        let parsed = parser.parse()
        // FoundationXML on Linux can return true past a mismatched or unclosed tag; its delegate call says so.
        return (reader, reader.error ?? (parsed ? nil : ReadError(line: parser.lineNumber)))
    }

    /// Where the parser stopped. Its error codes are not given: on Linux they are libxml2's, which
    /// `XMLParser.ErrorCode` names wrongly.
    struct ReadError: Error {
        var line: Int
        /// The root element, when the data ends inside it before any test case.
        var openRoot: String?
    }

    private var line: Int { parser?.lineNumber ?? 0 }
    private var error: ReadError?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil { error = ReadError(line: line) }
    }

    private static let outcomeElements: Set<String> = [
        "failure", "error", "skipped", "flakyFailure", "flakyError", "rerunFailure", "rerunError",
    ]
    /// The elements inside a test case that are read or passed over on purpose.
    private static let knownElements: Set<String> = [
        "properties", "property", "system-out", "system-err", "stackTrace",
    ]

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if open.count < 9 { open.append(element) }
        if rootElement == nil { rootElement = element }
        if element == "testsuites", depth == 1 {
            rootTotals = Self.totals(attributes, line: line)
            rootTime = Self.seconds(attributes["time"])
            timestamp = attributes["timestamp"]
        } else if element == "testsuite" {
            if suites.isEmpty {
                topSuiteTotals.append(Self.totals(attributes, line: line))
                topSuiteTimes.append(Self.seconds(attributes["time"]))
                if timestamp == nil { timestamp = attributes["timestamp"] }
                topSuiteNames.append(attributes["name"] ?? "")
            }
            suites.append(attributes["name"] ?? "")
        } else if element == "testcase" {
            current = Case(
                classname: attributes["classname"].flatMap { $0.isEmpty ? nil : $0 }, name: attributes["name"] ?? "",
                time: Self.seconds(attributes["time"]), file: attributes["file"].flatMap { $0.isEmpty ? nil : $0 },
                sourceLine: attributes["line"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                notRun: Self.saysNotRun(attributes), suites: suites, line: line)
        } else if current != nil, outcome == nil, Self.outcomeElements.contains(element) {
            outcome = Outcome(
                element: element, message: attributes["message"], type: attributes["type"], text: "", line: line,
                file: attributes["file"].flatMap { $0.isEmpty ? nil : $0 },
                sourceLine: attributes["line"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil })
            text = ""
        } else if current != nil, outcome == nil, element == "system-out" || element == "system-err" {
            text = ""
        } else if current != nil, element == "property", attributes["name"] == "repetition" {
            current?.repetition = attributes["value"]
        } else if current != nil, element == "property", attributes["name"] == "argument" {
            current?.argument = attributes["value"]
        } else if current != nil, outcome == nil, !Self.knownElements.contains(element) {
            unrecognized += 1
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
    ) {
        depth -= 1
        if open.count > depth { open.removeLast() }
        if element == "testsuite" {
            if !suites.isEmpty { suites.removeLast() }
        } else if element == "testcase" {
            if let finished = current { cases.append(finished) }
            current = nil
        } else if let finished = outcome, finished.element == element {
            var read = finished
            read.text = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            current?.outcomes.append(read)
            outcome = nil
            text = nil
        } else if outcome == nil, element == "system-out" || element == "system-err" {
            if let text, current != nil {
                current?.output += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    .drop { $0.allSatisfy(\.isWhitespace) }
            }
            text = nil
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, foundCDATA data: Data) {
        text? += String(decoding: data, as: UTF8.self)
    }

    private static func saysNotRun(_ attributes: [String: String]) -> Bool {
        let notRun: Set<String> = ["disabled", "notrun", "not_run", "skipped", "suppressed", "ignored"]
        return [attributes["status"], attributes["result"]].contains {
            $0.map { notRun.contains($0.lowercased()) } ?? false
        }
    }

    /// A `time` attribute in seconds: `0.5`, or as a writer in a comma-decimal locale puts it (`0,5`, `1.234,5`), or
    /// with a thousands separator (`1,234.5`); nil when it states no plausible time (`NaN`, `-1`, `inf`).
    static func seconds(_ text: String?) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        var digits = text
        if let comma = text.lastIndex(of: ","), let dot = text.lastIndex(of: ".") {
            digits =
                comma > dot
                ? text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
                : text.replacingOccurrences(of: ",", with: "")
        } else if text.contains(",") {
            digits = text.replacingOccurrences(of: ",", with: ".")
        }
        return PlausibleTime.seconds(Double(digits))
    }

    /// An element's totals, or nil when it states no `tests`.
    private static func totals(_ attributes: [String: String], line: Int) -> Totals? {
        guard let tests = attributes["tests"].flatMap({ Int($0) }) else { return nil }
        func count(_ key: String) -> Int { attributes[key].flatMap { Int($0) } ?? 0 }
        return Totals(
            tests: tests, failures: count("failures"), errors: count("errors"), skipped: count("skipped"), line: line)
    }
}
