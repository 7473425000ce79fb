import Foundation

extension JUnitReport {
    /// The four counts a `<testsuite>` and `<testsuites>` carry, plus time.
    struct Counts {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var time = 0.0

        mutating func add(_ other: Counts) {
            tests += other.tests
            failures += other.failures
            errors += other.errors
            skipped += other.skipped
            time += other.time
        }

        var attributes: String {
            """
            tests="\(tests)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" \
            time="\(ReportText.seconds(time))"
            """
        }
    }
}

// In an extension, so Swift still makes the memberwise initializer.
extension JUnitReport.Counts {
    /// `quarantined`: keys of failing tests a quarantine covered, written as `<skipped>` and so counted as skipped.
    init(_ results: [TestResult], indices: [Int], quarantined: Set<String> = []) {
        var totals = Totals()
        var time = 0.0
        for index in indices {
            if !quarantined.isEmpty, results[index].status.isFailure,
                quarantined.contains(results[index].deviceKey)
            {
                totals.add(.skipped, flaky: false)
            } else {
                totals.add(results[index].status, flaky: results[index].flaky)
            }
            time += results[index].durationSeconds
        }
        self.init(
            tests: totals.tests, failures: totals.failed, errors: totals.crashed + totals.timedOut,
            skipped: totals.skipped + totals.interrupted + totals.unfinished, time: time)
    }
}
