import Testing

@testable import SmokeCore

/// What a run's coverage leaves out is said beside its numbers.
@Suite struct CoverageGapsTests {
    private func test(_ id: String, _ status: TestStatus, attempts: [TestStatus] = []) -> TestResult {
        TestResult(
            id: id, name: id, suite: "S", framework: .xctest, status: status,
            attempts: attempts.map { TestAttempt(status: $0, durationSeconds: 0, failures: [], output: []) })
    }

    /// A run with coverage on and none measured says why; one that passed with a minimum to meet cannot pass.
    @Test(
        arguments: [
            (RunStatus.interrupted, 80.0, true, "the run was interrupted before it was measured"),
            (.failed, 80.0, true, "no test process wrote a profile"),
            (.passed, nil, true, "no test process wrote a profile"),
            (.passed, 80.0, false, "cannot be checked against the minimum of 80%"),
        ] as [(RunStatus, Double?, Bool, String)])
    func coverageNotMeasuredSaysWhy(status: RunStatus, minimum: Double?, isNote: Bool, says: String) {
        let error = CoverageGaps.notMeasured(status: status, minimumLines: minimum)
        #expect(error.isNote == isNote)
        #expect(
            error.message.hasPrefix("coverage was not measured") && error.message.contains(says), "\(error.message)")
    }

    @Test func aCrashedOrStoppedTestsProcessIsNamedAsMissingFromCoverage() {
        let notes = CoverageGaps.notes(
            skippedProfiles: [],
            tests: [
                test("M.S/ok", .passed), test("M.S/boom", .crashed), test("M.S/hangs", .timedOut),
                test("M.S/flaky", .passed, attempts: [.crashed, .passed]), test("M.S/fails", .failed),
            ])
        #expect(notes.count == 1)
        #expect(notes.first?.details == ["M.S/boom", "M.S/hangs", "M.S/flaky"])
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.message.hasPrefix("coverage may leave out what the processes of 3 tests ran") == true)
    }

    /// Swift Testing's own time limit cancels the test and its process goes on (and writes its profile): nothing is
    /// missing from coverage. smokerun's stop, or xcodebuild's allowance, ends the process.
    @Test func aTestSwiftTestingsTimeLimitEndedLeavesNothingOut() {
        var limited = test("M.S/slow()", .timedOut)
        limited.failures = [TestFailure(message: "Time limit was exceeded: 60.000 seconds", file: "T.swift", line: 5)]
        var stopped = test("M.S/hangs()", .timedOut)
        stopped.failures = [TestFailure(message: "Test exceeded execution time allowance of 1 minute.")]
        let notes = CoverageGaps.notes(skippedProfiles: [], tests: [limited, stopped])
        #expect(notes.first?.details == ["M.S/hangs()"])
    }

    @Test func anUnreadableProfileIsAWarningAndACleanRunSaysNothing() {
        let notes = CoverageGaps.notes(skippedProfiles: ["stray.profraw: file header is corrupt"], tests: [])
        #expect(notes.map(\.severity) == [.warning])
        #expect(CoverageGaps.notes(skippedProfiles: [], tests: [test("M.S/ok", .passed)]).isEmpty)
    }
}
