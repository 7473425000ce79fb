/// What xcodebuild says about a run beside its test lines (why the runner failed, under `Testing failed:`; the
/// failing tests, under `Failing tests:`) and the first compiler or xcodebuild error: why a log has no results.
struct XcodebuildSummary {
    /// The last reason a `Testing failed:` block gave for a runner or test target error.
    private(set) var runnerError: String?
    /// The block's other reasons (`Unable to boot the Simulator.`), at most `keptErrors`.
    private(set) var otherReasons: [String] = []
    /// The first compiler or xcodebuild error line (`File.swift:12:5: error: …`, `xcodebuild: error: …`).
    var firstError: String? { errorLines.first }
    private(set) var errorLines: [String] = []
    /// GitHub annotations' errors (`::error file=…`) as compiler lines: what failed when the log has no compiler line.
    private(set) var annotatedErrors: [String] = []
    /// Error lines kept: enough to say what broke, bounded however broken the build.
    static let keptErrors = 20
    /// The target header (`Foo-UI-Tests:`) the `Failing tests:` list is under: the module of the tests it names.
    private var listedTarget: String?

    /// `Testing failed:` starts a summary: a reason belongs to its own run's summary.
    mutating func startTestingFailed() {
        runnerError = nil
        otherReasons = []
    }

    /// `Failing tests:` starts a list, before any target header.
    mutating func startFailingTests() { listedTarget = nil }

    /// `xctest encountered an error (Failed to prepare device …)` outside a `Testing failed:` block: why the runner
    /// failed, as that block would say it.
    mutating func noteRunnerError(_ text: String) { runnerError = text }

    /// The crash a runner error names (`… encountered an error (Early unexpected exit, … (Underlying Error: Crash:
    /// HomeCooked (3584) Board.columns.getter))`): the relaunched test process died too, in the test still running.
    static func crash(inRunnerError text: String) -> TestEvent? {
        guard let crash = text.range(of: "(Underlying Error: Crash: ", options: .caseInsensitive) else { return nil }
        var description = text[text.index(crash.lowerBound, offsetBy: 19)...]
        while description.hasSuffix(")") { description.removeLast() }
        return .relaunchCrashed(description: String(description))
    }

    /// An error line that ends with `:`, its reason on the next, indented line (`xcodebuild: error: Could not resolve
    /// package dependencies:`), or xcodebuild's `The following build commands failed:` before the commands it lists.
    private var headerAwaitingReason: String?

    /// `line` (from its first non-blank `start`) read where an error's reason may follow: true when it was that reason.
    mutating func readReason(_ line: LineBytes, from start: Int) -> Bool {
        defer { headerAwaitingReason = nil }
        guard let header = headerAwaitingReason, start > 0 else { return false }
        let reason = line.string(start..<line.endSkippingBlanks())
        if header.hasPrefix("xcodebuild: error: "), let last = errorLines.indices.last, errorLines[last] == header {
            errorLines[last] = "\(header) \(reason)"
        } else if errorLines.isEmpty {
            noteError(reason)
        }
        return true
    }

    /// An error line (or xcodebuild's failed-commands heading) whose reason the next line gives.
    mutating func awaitReason(after header: String) { headerAwaitingReason = header }

    /// Keeps `line` from `start` among the errors the log shows (the first `keptErrors` of them).
    mutating func noteError(_ line: LineBytes, from start: Int) { noteError(line.string(from: start)) }

    mutating func noteError(_ text: String) {
        if errorLines.count < Self.keptErrors { errorLines.append(text) }
    }

    /// GitHub's annotation of a compiler error, `::error file=Cart.swift,line=12,col=5::cannot find 'x' in scope`, kept
    /// as the compiler prints it: `Cart.swift:12:5: error: cannot find 'x' in scope`. Whether it was one.
    mutating func noteAnnotation(_ line: LineBytes, from start: Int) -> Bool {
        guard line.hasPrefix("::error file=", at: start), let close = line.firstIndex(of: "::", from: start + 13) else {
            return false
        }
        var fields: [Substring: Substring] = [:]
        for field in line.string((start + 8)..<close).split(separator: ",") {
            guard let equals = field.firstIndex(of: "=") else { continue }
            fields[field[..<equals]] = field[field.index(after: equals)...]
        }
        guard let file = fields["file"] else { return false }
        let location = [fields["line"], fields["col"]].compactMap { $0 }.map { ":\($0)" }.joined()
        if annotatedErrors.count < Self.keptErrors {
            annotatedErrors.append("\(file)\(location): error: \(line.string(from: close + 2))")
        }
        return true
    }

    /// What failed before any test ran, as far as the lines so far say: the runner's error, else the first compiler
    /// or xcodebuild error, else the first other reason `Testing failed:` gave; nil when they say none.
    var failureBeforeTests: FailureBeforeTests? {
        if let runnerError {
            return FailureBeforeTests(
                kind: .testRunner, firstError: runnerError, errorLines: [runnerError] + errorLines)
        }
        guard let firstError else {
            if let annotated = annotatedErrors.first {
                return FailureBeforeTests(kind: .buildAnnotation, firstError: annotated, errorLines: annotatedErrors)
            }
            guard let reason = otherReasons.first else { return nil }
            return FailureBeforeTests(kind: .testRunner, firstError: reason, errorLines: otherReasons)
        }
        let kind: FailureBeforeTests.Kind = firstError.hasPrefix("xcodebuild: ") ? .xcodebuild : .build
        return FailureBeforeTests(kind: kind, firstError: firstError, errorLines: errorLines)
    }

    /// An indented summary line: under `Testing failed:`, why the runner failed (`The test runner encountered an error
    /// (…)`), remembered; under `Failing tests:`, a failing test (`Class.method()`, `Suite/function()`) after its
    /// target's `Name:` header, which is its id's module as a result bundle names it (`Foo-UI-Tests.Class/method`).
    /// A name without its closing `)` or `]` (the last line of a log cut short) names no test.
    mutating func blockLine(_ line: LineBytes, _ start: Int, inFailingTests: Bool) -> TestEvent {
        let end = line.endSkippingBlanks(from: start)
        guard end > start else { return .ignored }
        guard inFailingTests else {
            if line.firstIndex(of: " encountered an error (", from: start) != nil {
                runnerError = line.string(start..<end)
                if let crash = Self.crash(inRunnerError: runnerError ?? "") { return crash }
            } else if otherReasons.count < Self.keptErrors {
                otherReasons.append(line.string(start..<end))
            }
            return .ignored
        }
        if line[end - 1] == UInt8(ascii: ":") {
            if end - 1 > start { listedTarget = line.string(start..<(end - 1)) }
            return .ignored
        }
        // xcodebuild ends every name it lists with `()` or `]`: a name without is one a cut log broke off.
        guard line[end - 1] == UInt8(ascii: ")") || line[end - 1] == UInt8(ascii: "]"),
            var ref = XCTestNameParser.ref(line, start..<end) ?? globalFunction(line, start..<end)
        else { return .ignored }
        if let listedTarget, !ref.hasModule {
            ref = TestRef(framework: ref.framework, module: listedTarget, suite: ref.suite, name: ref.name)
        }
        return .listedAsFailing(ref, reason: runnerError)
    }

    /// A Swift Testing function outside any suite, as listed under a target header: `checks()`, `adds(_:to:)`.
    private func globalFunction(_ line: LineBytes, _ range: Range<Int>) -> TestRef? {
        guard listedTarget != nil, range.count > 2, line[range.upperBound - 1] == UInt8(ascii: ")"),
            let open = line.firstIndex(of: UInt8(ascii: "("), from: range.lowerBound, upTo: range.upperBound),
            open > range.lowerBound,
            line.firstIndex(of: UInt8(ascii: " "), from: range.lowerBound, upTo: range.upperBound) == nil
        else { return nil }
        return TestRef(framework: .swiftTesting, suite: "", name: line.string(range))
    }
}
