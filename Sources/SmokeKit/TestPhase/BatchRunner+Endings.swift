import Foundation
import SmokeCore

/// What `BatchRunner` says of how a test process ended around its tests.
extension BatchRunner {
    /// A process that crashed or exited non-zero between tests with no failing test or issue outside the tests to
    /// explain it (a class `tearDown` or exit handler failed): results stand, but the run cannot pass, as with `swift
    /// test`. Nil otherwise.
    static func endedBadlyBetweenTests(_ outcome: BatchOutcome, stopped: Bool = false) -> InfrastructureError? {
        if stopped {
            // Still running after its tests reported (a class tearDown or an exit handler hung) until the run's
            // deadline: `swift test` would wait for it for ever.
            guard outcome.stopReason == .runTimedOut, let last = outcome.results.last else { return nil }
            return InfrastructureError(
                message: """
                    the test process was still running after \(last.id) reported, with no test running, when the run \
                    reached timeouts.runSeconds: code outside the tests (a class tearDown, a test scoping trait, an exit \
                    handler) hung; console.log shows what it printed, and the run cannot pass
                    """,
                command: outcome.command)
        }
        guard outcome.termination != .exited(0), let last = outcome.results.last,
            !outcome.results.contains(where: { $0.status.isFailure }),
            outcome.termination != .exited(1) || outcome.issuesOutsideTests.isEmpty
        else { return nil }
        let status: Int32? = if case .exited(let code) = outcome.termination { code } else { nil }
        return InfrastructureError(
            message: """
                the test process \(outcome.termination.ended) while no test was running, after \(last.id) reported: \
                code outside the tests (a class tearDown, a test scoping trait, an exit handler) failed; console.log \
                shows what it printed, and the run cannot pass
                """,
            command: outcome.command, exitStatus: status)
    }

    /// A process that exited 0 while a test ran, printing no result for it and no crash.
    static func quietExit(_ binary: URL, during test: String) -> InfrastructureError {
        InfrastructureError(
            message: """
                \(binary.lastPathComponent) exited with status 0 while \(test) ran, reporting no result for it and no \
                crash: it may have redirected its standard output or called exit(0). Run it alone with \
                `swift test --filter` to see what it prints
                """)
    }

    /// A note, not an error: the tests' own results stand, and the processes are already ended.
    static func strayNote(_ strays: [StrayProcesses.Stray], tests: [(id: String, startedAt: Date)])
        -> [InfrastructureError]
    {
        let named = strays.map { stray in
            var stray = stray
            stray.startedBy = StrayProcesses.startedBy(startedAt: stray.startedAt, tests: tests)
            return stray
        }
        guard let message = StrayProcesses.note(for: named) else { return [] }
        return [InfrastructureError(message: message, severity: .note)]
    }
}
