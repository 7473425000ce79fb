/// What a run's coverage leaves out, said beside its numbers so a fall is never a silent one. Pure.
package enum CoverageGaps {
    /// `skipped`: llvm-profdata's words for the profiles it could not read. `tests`: the run's, whose crashed or
    /// stopped attempts wrote no profile (a process ended by a signal never writes one).
    package static func notes(skippedProfiles skipped: [String], tests: [TestResult]) -> [InfrastructureError] {
        var notes: [InfrastructureError] = []
        if !skipped.isEmpty {
            notes.append(
                InfrastructureError(
                    message: """
                        coverage leaves out \(ReportText.count(skipped.count, "profile")) llvm-profdata could not read \
                        (a process cut short while writing it, or another toolchain's)
                        """,
                    details: skipped, severity: .warning))
        }
        let signalled: Set<TestStatus> = [.crashed, .timedOut, .interrupted]
        // Swift Testing's own `.timeLimit` cancels the test; its process goes on and writes its profile.
        func cut(_ status: TestStatus, _ failures: [TestFailure]) -> Bool {
            signalled.contains(status)
                && !(status == .timedOut
                    && failures.contains { $0.message.hasPrefix(TestFailure.swiftTestingTimeLimitPrefix) })
        }
        let cut = tests.filter { test in
            cut(test.status, test.failures) || test.attempts.contains { cut($0.status, $0.failures) }
        }
        if !cut.isEmpty {
            notes.append(
                InfrastructureError(
                    message: """
                        coverage may leave out what the processes of \(ReportText.count(cut.count, "test")) ran: \
                        they crashed or were stopped, and a process ended by a signal writes no profile (one that \
                        called exit() does)
                        """,
                    details: cut.prefix(50).map(\.id), severity: .note))
        }
        return notes
    }

    /// Why a run with coverage on has none: stopped before it was measured, no test process wrote a profile (each
    /// ended by a signal), or one could not write its own (`unwritten`: the lines saying so), when the others' would
    /// count its code as never run. A run that passed with a line minimum to meet cannot pass unmeasured: an error;
    /// else a note.
    package static func notMeasured(
        status: RunStatus, minimumLines: Double?, unwritten: [String] = []
    ) -> InfrastructureError {
        let why =
            if status == .interrupted {
                "the run was interrupted before it was measured"
            } else if let first = unwritten.first {
                "a test process could not write its profile, and the others' would count its code as never run (\(first))"
            } else {
                "no test process wrote a profile (a process ended by a signal, a crash or a time limit, writes none)"
            }
        guard status == .passed, let minimumLines else {
            return InfrastructureError(message: "coverage was not measured: \(why)", severity: .note)
        }
        return InfrastructureError(
            message: """
                coverage was not measured, so line coverage cannot be checked against the minimum of \
                \(CoverageGate(minimumLines)?.text ?? "\(minimumLines)")%: \(why)
                """)
    }
}
