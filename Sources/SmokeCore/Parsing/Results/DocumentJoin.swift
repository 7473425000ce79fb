/// How a document's account of a test (a JUnit or result-bundle file a tool wrote after the run) joins a log's
/// account of the same execution, when both are given to one `parse`: one test, not two.
package enum DocumentJoin {
    /// The ids under which a log may have named the test a document names `result`: its own, and XCTest's without
    /// the module (Linux's `Test Case 'Class.method'`). A Swift Testing console's bare functions are paired apart.
    static func logIDs(for result: TestResult) -> [String] {
        let moduleless = "\(result.suite)/\(result.name)"
        return result.framework == .xctest && moduleless != result.id ? [result.id, moduleless] : [result.id]
    }

    /// Whether the document's status, failures and evidence replace the log's: when the log did not see the test
    /// end, when only the document records a failure, or when it marks a test the log saw pass as skipped or a known
    /// issue. Where both say it failed the log stands: its lines are specific (a crash, a message) where a JUnit file
    /// often is not (SwiftPM writes `<failure message="failure">` for every failing test).
    static func documentDecides(log: TestStatus, document: TestStatus) -> Bool {
        switch log {
        case .unfinished: document != .unfinished
        case .interrupted: false
        case .passed: [.failed, .crashed, .timedOut, .skipped, .expectedFailure].contains(document)
        case .failed, .crashed, .timedOut, .skipped, .expectedFailure: document.isFailure && !log.isFailure
        }
    }

    /// The joined test: the log's id, name and lines; the deciding side's outcome; what only the document has.
    static func joined(log: TestResult, document: TestResult) -> TestResult {
        var joined = log
        if documentDecides(log: log.status, document: document.status) {
            joined.status = document.status
            joined.failures = document.failures
            joined.evidence = document.evidence
        } else if joined.failures.isEmpty, log.status.isFailure, document.status.isFailure {
            joined.failures = document.failures
        }
        if log.durationIsUnknown, !document.durationIsUnknown {
            joined.durationSeconds = document.durationSeconds
            joined.durationIsUnknown = false
        }
        joined.attachments += document.attachments.filter { !log.attachments.contains($0) }
        joined.displayName = log.displayName ?? document.displayName
        return joined
    }

    /// A Swift Testing console names a test with a display name by that name alone (`◇ Test "Adds two numbers"
    /// started.`), a document by its function: pairs (console, document) of the tests neither joined otherwise, only
    /// where that is certain — as many of each status on each side; passing ones in any order (nothing of theirs
    /// differs), failing ones told apart by their first failure's message, any other status only one of it; else
    /// none. (Swift Testing writes its JUnit file in no stable order.)
    static func pairs(console: [TestResult], document: [TestResult]) -> [(console: Int, document: Int)] {
        guard !console.isEmpty, console.count == document.count else { return [] }
        var pairs: [(console: Int, document: Int)] = []
        for status in Set(console.map(\.status)) {
            let left = console.indices.filter { console[$0].status == status }
            var right = document.indices.filter { document[$0].status == status }
            guard left.count == right.count else { return [] }
            for index in left {
                let message = console[index].failures.first?.message ?? ""
                let match: Int? =
                    status == .passed || left.count == 1
                    ? 0
                    : status.isFailure && !message.isEmpty
                        ? right.firstIndex { sameFailure(console: message, document: document[$0].failures.first) }
                        : nil
                guard let match else { return [] }
                pairs.append((index, right.remove(at: match)))
            }
        }
        return pairs.sorted { $0.console < $1.console }
    }

    /// Whether Swift Testing's JUnit message is its console's: the JUnit adds ` (error)`, before the comment where
    /// the console printed one on the next line (`… == 4 (error): sum of 1 and 2` for `… == 4`, `↳ sum of 1 and 2`).
    static func sameFailure(console message: String, document failure: TestFailure?) -> Bool {
        guard let recorded = failure?.message else { return false }
        if recorded.hasPrefix(message) { return true }
        guard let newline = message.firstIndex(of: "\n") else { return false }
        let comment = message[message.index(after: newline)...]
        return recorded.hasPrefix("\(message[..<newline]) (error): \(comment)")
    }
}
