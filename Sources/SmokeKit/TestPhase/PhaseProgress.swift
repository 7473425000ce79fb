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

    init(total: Int, report: @escaping (TestResult, Int, Int) -> Void) {
        self.total = total
        expected = total
        self.report = report
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
