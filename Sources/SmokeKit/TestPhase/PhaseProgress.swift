import Foundation
import SmokeCore

/// The live progress count of a test phase, shared by its workers: one count across every process
/// running at once, reported under a lock so two workers never print "[7/20]" twice.
/// A retry is not a new test: it is shown at the count reached so far ("[10/10]" after a 10-test run, never
/// "[11/11]"), after the status line that says which test is retried.
final class PhaseProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let report: (TestResult, Int, Int) -> Void
    private let reportStarted: (String, Int, Int) -> Void

    init(
        total: Int, report: @escaping (TestResult, Int, Int) -> Void,
        started: @escaping (String, Int, Int) -> Void = { _, _, _ in }
    ) {
        self.total = total
        self.report = report
        reportStarted = started
    }

    /// A test started: it is the next one to finish, "[done + 1/total]".
    func started(_ id: String) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        reportStarted(id, min(done + 1, total), total)
    }

    func finished(_ test: TestResult) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        done = min(done + 1, total)
        report(test, done, total)
    }

    /// A retry started: shown at the count reached, which it does not move.
    func retryStarted(_ id: String) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        reportStarted(id, max(done, 1), total)
    }

    /// A retry finished: shown at the count reached, which it does not move.
    func retryFinished(_ test: TestResult) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        report(test, max(done, 1), total)
    }
}
