import Foundation
import SmokeCore

/// The live progress count of a test phase, one count across all workers, reported under a lock so two workers
/// never print "[7/20]" twice. A retry is shown at the count reached ("[10/10]", never "[11/11]").
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

    /// A test started: "[done + 1/total]".
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

    func retryStarted(_ id: String) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        reportStarted(id, max(done, 1), total)
    }

    func retryFinished(_ test: TestResult) {
        guard total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        report(test, max(done, 1), total)
    }
}
