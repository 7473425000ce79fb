import Foundation

/// Reads Swift Testing's JSON event stream (schema 0 or 6.3, one object per line) into events: `kind: "test"`
/// records declare tests and suites, `kind: "event"` records report what happened. Parameterized cases fold into
/// their test.
package struct SwiftTestingEventStreamParser {
    /// When each running test started (`instant.absolute`), for durations the messages do not state.
    private var startInstants: [String: Double] = [:]
    /// Whether a `runEnded` record arrived: a stream without one was cut off.
    package private(set) var sawRunEnded = false
    /// When the run started and ended (`instant.since1970` of `runStarted`/`runEnded`): the recorded run's times.
    package private(set) var times = RecordedRunTimes()
    /// The folder of the stream file, which a relative attachment path is read from (not the current directory).
    package var streamFolder: URL?
    /// Attachments recorded with neither bytes nor a file (`"attachment":{}`: `swift test` without
    /// `--attachments-path`): how many, and the first few as `'name' of test`.
    package private(set) var unwrittenAttachments = (count: 0, first: [String]())
    /// The test functions the stream declares (`kind: "test"`), in order, and the ids it started or skipped: a stream
    /// cut before `runEnded` names those it never reached. Bounded: a run of millions keeps the first.
    private var declared: [String] = []
    private var declaredIDs: Set<String> = []
    private var reached: Set<String> = []
    /// Whether a run started: a stream of declarations alone is a listing (`swift test list`), which runs nothing.
    private var sawRunStarted = false
    static let declaredLimit = 100_000

    package init() {}

    /// The event of one line, or nil when the line is not a record this parser understands (malformed JSON included).
    package mutating func parse(_ line: LineBytes) -> TestEvent? {
        let start = line.skippingBlanks()
        guard start < line.count else { return .ignored }
        guard line[start] == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(UnsafeBufferPointer(rebasing: line[start...]))),
            let record = object as? [String: Any], let kind = record["kind"] as? String,
            let payload = record["payload"] as? [String: Any]
        else { return nil }
        switch kind {
        case "test": return declaration(payload)
        case "event": return event(payload)
        default: return nil
        }
    }

    /// A test's declaration: its display name when it has one (`@Test("…")`); suites' and the rest are ignored.
    private mutating func declaration(_ payload: [String: Any]) -> TestEvent {
        if payload["kind"] as? String == "function", let id = payload["id"] as? String,
            declared.count < Self.declaredLimit, declaredIDs.insert(id).inserted
        {
            declared.append(id)
        }
        guard payload["kind"] as? String == "function", let name = payload["displayName"] as? String, !name.isEmpty,
            let ref = (payload["id"] as? String).flatMap(Self.ref)
        else { return .ignored }
        return .displayName(ref, name)
    }

    private mutating func event(_ payload: [String: Any]) -> TestEvent? {
        guard let kind = payload["kind"] as? String else { return nil }
        let testID = payload["testID"] as? String
        let ref = testID.flatMap(Self.ref)
        let isSuite = testID != nil && ref == nil
        if kind == "runEnded" { sawRunEnded = true }
        if kind == "runStarted" { sawRunStarted = true }
        if kind == "testStarted" || kind == "testSkipped", let testID, declaredIDs.contains(testID) {
            reached.insert(testID)
        }
        if kind == "runStarted" || kind == "runEnded",
            let instant = PlausibleTime.date(since1970: (payload["instant"] as? [String: Any])?["since1970"] as? Double)
        {
            if kind == "runStarted" { times.startedAt = instant } else { times.finishedAt = instant }
            if let start = times.startedAt, let end = times.finishedAt {
                times.durationSeconds = max(end.timeIntervalSince(start), 0)
            }
        }
        switch kind {
        case "runStarted", "runEnded", "testCaseStarted", "testCaseEnded", "iterationStarted", "iterationEnded",
            "planStepStarted", "planStepEnded", "testCaseCancelled", "testCancelled":
            return .ignored
        case "testStarted":
            if isSuite, let testID { return .suiteStarted(name: testID) }
            guard let ref, let testID else { return nil }
            startInstants[testID] = Self.instant(payload)
            return .testStarted(ref)
        case "testEnded":
            if isSuite, let testID { return .suiteFinished(name: testID, passed: Self.symbol(payload) != "fail") }
            guard let ref, let testID else { return nil }
            var duration = Self.messageText(payload).flatMap(Self.duration)
            if duration == nil, let started = startInstants[testID], let ended = Self.instant(payload) {
                duration = ended - started
            }
            startInstants[testID] = nil
            let status = Self.status(symbol: Self.symbol(payload))
            // Only `Test.cancel` ends a started test with `skip`: its reason is in the message, as on the console.
            if status == .skipped {
                let reason = Self.messageText(payload).flatMap(Self.cancelReason)
                return .cancelled(ref, reason: reason, durationSeconds: duration)
            }
            return .testFinished(ref, status, durationSeconds: duration)
        case "testSkipped":
            guard let ref else { return isSuite ? .ignored : nil }
            let comments = payload["_comments"] as? [String]
            return .skipped(ref, reason: comments?.first ?? Self.messageText(payload).flatMap(Self.skipReason))
        case "issueRecorded":
            let event = issue(payload, ref)
            // No `testID`: recorded outside any test (a detached task after its test returned; the console's
            // `Test «unknown»`), never the issue of a test that happens to run then.
            if testID == nil, case .issue(_, let failure, let isKnown) = event {
                return isKnown ? .ignored : .issueOutsideTests(failure)
            }
            // A suite's issue is no running test's: its tests did not run. Its known issues and warnings fail nothing.
            guard isSuite, let testID else { return event }
            if case .issue(_, let failure, isKnown: false) = event { return .suiteIssue(suite: testID, failure) }
            return .ignored
        case "valueAttached":
            return attachment(payload, ref)
        default:
            return nil
        }
    }

    private func issue(_ payload: [String: Any], _ ref: TestRef?) -> TestEvent {
        let issue = payload["issue"] as? [String: Any] ?? [:]
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        let message = messages.isEmpty ? "Issue recorded" : messages.joined(separator: "\n")
        let isKnown = issue["isKnown"] as? Bool ?? false
        // Warnings (`severity`, schema 0 `_severity`: `"warning"`; `isFailure: false`) do not fail a test; keep them
        // as details. Schema 6.3 also says `isFailure: false` of a known issue, which stays a known issue.
        let severity = issue["severity"] as? String ?? issue["_severity"] as? String
        if severity == "warning" || (issue["isFailure"] as? Bool == false && !isKnown) {
            return .warning(ref, message)
        }
        let location = issue["sourceLocation"] as? [String: Any] ?? payload["_sourceLocation"] as? [String: Any]
        let file =
            location?["filePath"] as? String ?? location?["_filePath"] as? String ?? location?["fileID"] as? String
        let failure = TestFailure(message: message, file: file, line: location?["line"] as? Int)
        return .issue(ref, failure, isKnown: isKnown)
    }

    /// Where an attachment named by path is: a relative path is relative to the stream file's folder. A name holding
    /// NUL was written cut there (`a\u{0}b.txt` as `a`), as the system reads a path.
    func attachmentFile(_ recorded: String) -> URL {
        let path = recorded.firstIndex(of: "\u{0}").map { String(recorded[..<$0]) } ?? recorded
        guard !path.hasPrefix("/"), let streamFolder else { return URL(fileURLWithPath: path) }
        return streamFolder.appendingPathComponent(path).standardizedFileURL
    }

    /// Schema 0 carries the bytes (`_bytes`) or a file (`_path`) and the name (`_preferredName`); schema 6.3 names
    /// only the file Swift Testing wrote (`path`, under `--attachments-path`), the name being in its message.
    private mutating func attachment(_ payload: [String: Any], _ ref: TestRef?) -> TestEvent? {
        guard let attachment = payload["attachment"] as? [String: Any] else { return nil }
        let path = attachment["_path"] as? String ?? attachment["path"] as? String
        let name =
            attachment["_preferredName"] as? String ?? Self.attachedName(payload)
            ?? path.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "attachment"
        if let encoded = attachment["_bytes"] as? String, let bytes = Data(base64Encoded: encoded) {
            return .attachment(ref, name: name, content: .bytes(bytes))
        }
        if let path {
            return .attachment(ref, name: name, content: .file(attachmentFile(path)))
        }
        unwrittenAttachments.count += 1
        if unwrittenAttachments.first.count < 3 {
            unwrittenAttachments.first.append("'\(name)' of \(ref?.name ?? "the run")")
        }
        return .ignored
    }

    /// What a stream that recorded attachments without their bytes or files (`swift test` run without
    /// `--attachments-path`) cannot give, and how to keep them next time.
    package func unwrittenAttachmentsMessage(source: String) -> String? {
        let (count, first) = unwrittenAttachments
        guard count > 0 else { return nil }
        let more = count > first.count ? ", and \(count - first.count) more" : ""
        return """
            \(source): Swift Testing recorded \(count == 1 ? "an attachment" : "\(count) attachments") but kept \
            \(count == 1 ? "it" : "them") nowhere (\(first.joined(separator: ", "))\(more)); `swift test` writes \
            attachments only with `--attachments-path DIR`
            """
    }

    /// For a stream whose run ends before `runEnded`: the tests it declares and never started, whose results are in no
    /// report (a test called `exit()`, the process was killed).
    package func neverStartedMessage(source: String) -> String? {
        guard sawRunStarted, !sawRunEnded else { return nil }
        let missing = declared.filter { !reached.contains($0) }
        guard !missing.isEmpty else { return nil }
        let names = missing.prefix(5).map { id in
            Self.ref(id).map { $0.withIDBytes { bytes, _ in String(decoding: bytes, as: UTF8.self) } } ?? id
        }
        let more = missing.count > names.count ? ", and \(missing.count - names.count) more" : ""
        let (tests, them) = missing.count == 1 ? ("a test", "it") : ("\(missing.count) tests", "them")
        return """
            \(source): the stream declares \(tests) that never started before it ends (\(names.joined(separator: ", "))\
            \(more)): no result of \(them) is in this report. Run \(them) again (`swift test --filter`), or give smokerun \
            the stream of a whole run
            """
    }

    /// `Attached 'statement.txt' to attachesStatement().`, the `_attachment` message of a 6.3 `valueAttached`.
    private static func attachedName(_ payload: [String: Any]) -> String? {
        let messages = payload["messages"] as? [[String: Any]] ?? []
        guard let text = messages.first(where: { $0["symbol"] as? String == "_attachment" })?["text"] as? String,
            let open = text.range(of: "Attached '"),
            let close = text.range(of: "' to ", options: .backwards, range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// `Module.Suite/function()/File.swift:12:6` → a test; an id without the trailing source location is a suite.
    /// A free function is `Module.function()/File.swift:16:2` (Swift 6.3), named `Module/function()` as the
    /// bundle readers name it.
    static func ref(_ testID: String) -> TestRef? {
        var components = SwiftTestingLocation.components(testID)
        guard components.count >= 2, let location = components.last, SwiftTestingLocation.isLocation(location) else {
            return nil
        }
        components.removeLast()
        let name = String(components.removeLast())
        guard let first = components.first else {
            let signatureStart = name.firstIndex(of: "(") ?? name.endIndex
            guard let dot = name[..<signatureStart].firstIndex(of: "."), dot != name.startIndex else { return nil }
            return TestRef(
                framework: .swiftTesting, module: String(name[..<dot]), suite: "",
                name: String(name[name.index(after: dot)...]), eventStreamID: testID)
        }
        var module: String?
        var suiteParts = components.map(String.init)
        if let dot = first.firstIndex(of: ".") {
            module = String(first[..<dot])
            suiteParts[0] = String(first[first.index(after: dot)...])
        } else if components.count == 1 {
            module = String(first)
            suiteParts = []
        }
        return TestRef(
            framework: .swiftTesting, module: module, suite: suiteParts.joined(separator: "/"), name: name,
            eventStreamID: testID)
    }

    private static func symbol(_ payload: [String: Any]) -> String? {
        (payload["messages"] as? [[String: Any]])?.first?["symbol"] as? String
    }

    private static func messageText(_ payload: [String: Any]) -> String? {
        (payload["messages"] as? [[String: Any]])?.first?["text"] as? String
    }

    private static func instant(_ payload: [String: Any]) -> Double? {
        (payload["instant"] as? [String: Any])?["absolute"] as? Double
    }

    /// The status a `testEnded` message symbol states; the collector still checks the recorded issues.
    private static func status(symbol: String?) -> TestStatus {
        switch symbol {
        case "fail": .failed
        case "passWithKnownIssue": .expectedFailure
        case "skip": .skipped
        default: .passed
        }
    }

    /// `… passed after 0.001 seconds…` in a `testEnded` message: the time right after the test's name, never a
    /// number its display name holds (`Test "expires after 30 minutes" passed after 0.001 seconds.`).
    static func duration(_ text: String) -> Double? {
        var first: Double?
        for verb in [" passed after ", " failed after ", " was cancelled after "] {
            var searched = text.startIndex..<text.endIndex
            while let after = text.range(of: verb, range: searched) {
                searched = after.upperBound..<text.endIndex
                let rest = text[after.upperBound...]
                let number = rest.prefix { $0.isASCIIDigit || $0 == "." }
                guard let seconds = Double(number), rest.dropFirst(number.count).hasPrefix(" second") else { continue }
                // The name ends with its closing quote or its parentheses.
                if let last = text[..<after.lowerBound].last, last == "\"" || last == ")" { return seconds }
                first = first ?? seconds
            }
        }
        return first
    }

    /// `Test f() was cancelled after 0.001 seconds: "reason"`.
    private static func cancelReason(_ text: String) -> String? {
        guard let cancelled = text.range(of: " was cancelled after "),
            let colon = text.range(of: ": \"", range: cancelled.upperBound..<text.endIndex), text.hasSuffix("\""),
            colon.upperBound < text.endIndex
        else { return nil }
        return String(text[colon.upperBound..<text.index(before: text.endIndex)])
    }

    /// `Test f() skipped: "reason"`.
    private static func skipReason(_ text: String) -> String? {
        guard let colon = text.range(of: ": \""), text.hasSuffix("\"") else { return nil }
        return String(text[colon.upperBound..<text.index(before: text.endIndex)])
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
