import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// What a parse says about a log, without what legitimately differs between two wrappings of the same bytes (the
/// file's path, the prefix removed, the line numbers things were read from): two logs that say the same have
/// equal summaries, apart from `unrecognizedLines`, which a wrapping may only lower.
struct ParseSummary: Equatable, CustomStringConvertible {
    struct Test: Equatable {
        var id: String
        var status: TestStatus
        var durationSeconds: Double
        var flaky: Bool
        /// `file:line: message` of each failure.
        var failures: [String]
        var attempts: Int
    }

    /// The kind of error the parse threw (with what the log said, for "no test output"), or nil.
    var error: String?
    var tests: [Test] = []
    /// The frameworks' own totals: `framework tests/failures`.
    var frameworkCounts: [String] = []
    var reconciliation: String?
    var times: String?
    /// Whether the input ends before its run did (`ParsedLog.incomplete`), and with how many tests unfinished.
    var endsEarly: String?
    var unrecognizedLines = 0

    init(parsing file: URL) {
        do {
            let parsed = try LogParser().parse(files: [file])
            tests = parsed.results.map {
                Test(
                    id: $0.id, status: $0.status, durationSeconds: $0.durationSeconds, flaky: $0.flaky,
                    failures: $0.failures.map { "\($0.file ?? "-"):\($0.line.map(String.init) ?? "-"): \($0.message)" },
                    attempts: $0.attempts.count)
            }
            frameworkCounts = parsed.frameworkCounts.map { "\($0.framework) \($0.tests)/\($0.failures)" }
            // Without the line each framework count was read from: a wrapping may add lines.
            reconciliation = parsed.reconciliation.map { reconciliation in
                let differences = reconciliation.differences.map { $0.replacing(/:[0-9]+\)/, with: ")") }
                // The lines that say the run failed, by their text (a wrapping may move them).
                let runFailures = (reconciliation.runFailures ?? []).map { "\($0.kind.rawValue) `\($0.text)`" }
                return "agrees: \(reconciliation.agrees), \(differences), run failures: \(runFailures)"
            }
            let times = parsed.times
            self.times =
                """
                \(String(describing: times.startedAt)) \(String(describing: times.finishedAt)) \
                \(String(describing: times.durationSeconds))
                """
            endsEarly = parsed.incomplete.map { "ends early, \($0.unfinished) unfinished" }
            unrecognizedLines = parsed.unrecognizedLineCount
        } catch {
            self.error = Self.kind(of: error)
        }
    }

    private static func kind(of error: ParseError) -> String {
        switch error {
        case .unreadable: "unreadable"
        case .noTestOutput(_, let said): "no test output: \(said ?? "-")"
        case .binary: "binary"
        case .utf16: "utf-16"
        case .resultDocument(_, let reason): "result document: \(reason)"
        case .unfinishedDocument(_, let element): "unfinished document in <\(element)>"
        case .failedBeforeTests(_, let failure): "failed before tests: \(failure.summary)"
        case .formattedLog(_, let line, _): "formatted log from line \(line)"
        case .unreadPrefix(_, let unread): "unread prefix at line \(unread.line)"
        }
    }

    /// `self` with `other`'s count of unrecognized lines, for comparing everything else.
    func withUnrecognizedLines(of other: ParseSummary) -> ParseSummary {
        var summary = self
        summary.unrecognizedLines = other.unrecognizedLines
        return summary
    }

    /// The first thing that differs from `other`, for a failure message that points at it.
    func firstDifference(from other: ParseSummary) -> String {
        if error != other.error { return "error \(other.error ?? "none") became \(error ?? "none")" }
        if tests.count != other.tests.count {
            let missing = Set(other.tests.map(\.id)).subtracting(tests.map(\.id)).sorted().prefix(3)
            let added = Set(tests.map(\.id)).subtracting(other.tests.map(\.id)).sorted().prefix(3)
            return "\(other.tests.count) tests became \(tests.count) (missing \(missing), new \(added))"
        }
        for (mine, theirs) in zip(tests, other.tests) where mine != theirs {
            return "test \(theirs) became \(mine)"
        }
        if frameworkCounts != other.frameworkCounts {
            return "framework totals \(other.frameworkCounts) became \(frameworkCounts)"
        }
        if reconciliation != other.reconciliation {
            return "reconciliation \(other.reconciliation ?? "none") became \(reconciliation ?? "none")"
        }
        if times != other.times { return "times \(other.times ?? "none") became \(times ?? "none")" }
        if endsEarly != other.endsEarly {
            return "input ending \(other.endsEarly ?? "whole") became \(endsEarly ?? "whole")"
        }
        return "unrecognized lines \(other.unrecognizedLines) became \(unrecognizedLines)"
    }

    var description: String {
        error.map { "error: \($0)" } ?? "\(tests.count) tests, \(unrecognizedLines) unrecognized"
    }
}
