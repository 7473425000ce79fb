/// Counts over a run's tests. Every test counts once, whatever its attempts.
package struct Totals: Codable, Sendable, Equatable {
    package var tests = 0
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    package var expectedFailures = 0
    package var crashed = 0
    package var timedOut = 0
    /// Stopped with smokerun (SIGTERM/SIGINT) while running: neither passed nor failing.
    package var interrupted = 0
    /// Running when the input ended, with no result: neither passed nor failing.
    package var unfinished = 0
    /// Passed after failing; also counted in `passed`.
    package var flaky = 0

    init() {}

    init(_ tests: [TestResult]) {
        for index in tests.indices { add(tests[index].status, flaky: tests[index].flaky) } // read in place, not copied
    }

    /// History lines and reports written before `interrupted` and `unfinished` existed lack them: read them as 0.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tests = try container.decode(Int.self, forKey: .tests)
        passed = try container.decode(Int.self, forKey: .passed)
        failed = try container.decode(Int.self, forKey: .failed)
        skipped = try container.decode(Int.self, forKey: .skipped)
        expectedFailures = try container.decode(Int.self, forKey: .expectedFailures)
        crashed = try container.decode(Int.self, forKey: .crashed)
        timedOut = try container.decode(Int.self, forKey: .timedOut)
        interrupted = try container.decodeIfPresent(Int.self, forKey: .interrupted) ?? 0
        unfinished = try container.decodeIfPresent(Int.self, forKey: .unfinished) ?? 0
        flaky = try container.decode(Int.self, forKey: .flaky)
    }

    package var failing: Int { failed + crashed + timedOut }
}

extension Totals {
    mutating func add(_ status: TestStatus, flaky isFlaky: Bool) {
        tests += 1
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .expectedFailure: expectedFailures += 1
        case .crashed: crashed += 1
        case .timedOut: timedOut += 1
        case .interrupted: interrupted += 1
        case .unfinished: unfinished += 1
        }
        if isFlaky { flaky += 1 }
    }
}
