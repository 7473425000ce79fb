import Foundation
import SmokeCore

/// The live progress count of a test phase, shared by its workers: one count across every process
/// running at once, reported under a lock so two workers never print "[7/20]" twice.
final class PhaseProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    // Each retry adds one to the count, so the line never reads [13/11].
    private var expected: Int
    private let report: (TestResult, Int, Int) -> Void
    private let reportStarted: (String, Int, Int) -> Void

    init(
        total: Int, report: @escaping (TestResult, Int, Int) -> Void,
        started: @escaping (String, Int, Int) -> Void = { _, _, _ in }
    ) {
        self.total = total
        expected = total
        self.report = report
        reportStarted = started
    }

    /// A test started: it is the next one to finish, "[done + 1/total]".
    func started(_ id: String) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        reportStarted(id, done + 1, max(expected, done + 1))
    }

    func finished(_ test: TestResult) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        report(test, done, max(expected, done))
    }

    func expectOneMore() {
        lock.lock()
        expected += 1
        lock.unlock()
    }
}
