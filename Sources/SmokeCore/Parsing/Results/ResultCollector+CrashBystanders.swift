/// Swift Testing runs tests at once in one process, so a crash may end several running tests: which of them crashed,
/// and how the others ended.
extension ResultCollector {
    /// Swift Testing runs tests at once: when the crashed thread's frames name some of the running tests, only those
    /// crashed; the others were ended by that crash, and nothing says how they would have ended (`unfinished`).
    /// Returns how many running tests are left to a crash that nothing names among them (0 when it names one).
    @discardableResult
    mutating func setCrashBystandersAside() -> Int {
        guard running.count > 1 else { return 0 }
        let names = running.map(functionName)
        let crashed = crash.crashedAmong(names)
        if crashed.isEmpty, !sawSwiftTestingRunStart, let unseen = crash.crashedFunctions.last,
            !names.contains(where: { crash.names($0) })
        {
            setAsideForCrashAboveTheInput(in: unseen)
            return 0
        }
        guard !crashed.isEmpty else {
            // Nothing names the test that crashed: one that had recorded an issue failed whatever the crash cut short
            // (its issue is its evidence), while a test that had not is left to the crash, which says so.
            let failing = running.filter { tests.flags(at: $0).contains(.hasFailure) }
            if !failing.isEmpty, failing.count < running.count {
                for index in failing {
                    tests.insert(.finished, at: index)
                    markFlaky(index)
                }
                running.removeAll { tests.flags(at: $0).contains(.finished) }
            }
            return names.allSatisfy(crash.names) || running.count < 2 ? 0 : running.count
        }
        setAside(allBut: crashed, culprits: crashed.sorted().map { names[$0] }.joined(separator: ", "))
        return 0
    }

    /// xcodebuild restarted its runner after an unexpected exit in the test `ref` names: with no test running, that
    /// test died (`restartedEntry`); else the running tests did.
    mutating func noteRestart(after ref: TestRef?) {
        sawRestart = true
        if running.isEmpty, let ref, let index = restartedEntry(ref) {
            if !tests.flags(at: index).contains(.finished) { running.append(index) }
            // The crash printed before the restart was this test's, not one outside the tests.
            crashesOutsideTests.removeAll { $0.line == crash.proof?.line && $0.source == crash.proof?.source }
        }
        finishRunningTest(
            as: .crashed, failure: nil,
            evidence: crash.proof
                ?? evidence(
                    "xcodebuild restarted the test runner after an unexpected exit, crash or timeout in this test"))
    }

    /// The running tests but those at `crashed` (positions in `running`) were ended by the crash of `culprits`.
    private mutating func setAside(allBut crashed: Set<Int>, culprits: String) {
        let proof = crash.proof
        for (position, index) in running.enumerated() where !crashed.contains(position) {
            tests.insert(.finished, at: index)
            // One that had recorded an issue failed whatever the crash cut short (its issue is its evidence).
            if tests.flags(at: index).contains(.hasFailure) {
                markFlaky(index)
                continue
            }
            tests.setStatus(.unfinished, at: index)
            setEvidence(
                Evidence(
                    what: "the test process crashed in \(culprits) while this test ran", source: proof?.source,
                    line: proof?.line), at: index)
        }
        running = crashed.sorted().map { running[$0] }
    }

    /// A crash that nothing names among the `count` tests it ended, as each of them tells it: the crash, and that it
    /// may be another's.
    static func unnamedCrash(_ failure: TestFailure?, _ evidence: Evidence?, among count: Int) -> (
        TestFailure?, Evidence?
    ) {
        let shared =
            "the test process crashed while \(count) tests ran at once, and nothing names which of them crashed"
        var failure = failure ?? TestFailure(message: shared)
        if failure.message != shared { failure.message += " (\(shared))" }
        let said = evidence.map {
            Evidence(
                what: "\($0.what), while \(count) tests ran at once (nothing names which of them crashed)",
                source: $0.source, line: $0.line)
        }
        return (failure, said)
    }

    /// The input begins inside Swift Testing's run and its crashed thread's frames name `function`, none of the running
    /// tests: the test that crashed started above the input's first line. The running tests were ended by that crash
    /// (`unfinished`); the crash fails the run.
    private mutating func setAsideForCrashAboveTheInput(in function: String) {
        let proof = crash.proof
        for index in running {
            tests.insert(.finished, at: index)
            if tests.flags(at: index).contains(.hasFailure) {
                markFlaky(index)
                continue
            }
            tests.setStatus(.unfinished, at: index)
            let what = """
                the test process crashed in \(function), which the input does not show starting, while this test ran
                """
            setEvidence(Evidence(what: what, source: proof?.source, line: proof?.line), at: index)
        }
        if crashesOutsideTests.count < Self.crashLineLimit {
            crashesOutsideTests.append(
                RunFailureEvidence(
                    kind: .crashAboveTheInput, source: proof?.source ?? source ?? "input", line: proof?.line ?? line,
                    text: crash.fatal.map { "Fatal error: \($0.message)" } ?? proof?.what ?? function))
        }
        running.removeAll()
    }
}
