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
        let cut = tests.filter { test in
            signalled.contains(test.status) || test.attempts.contains { signalled.contains($0.status) }
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
}
