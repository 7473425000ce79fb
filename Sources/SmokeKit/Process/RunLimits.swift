import Foundation
import SmokeCore

/// The bounds every test process runs under: per-test and whole-run time, and cancellation.
struct RunLimits: Sendable {
    var testSeconds: TimeInterval
    var runDeadline: Date
    var cancellation: CancellationFlag
    var now: @Sendable () -> Date = { SystemClock.now() }
    /// How long a stopped process may take to finish before its group is killed (`timeouts.graceSeconds`).
    var graceSeconds: TimeInterval = 10
    /// Told about each test process group while it runs (the run lock records them; see `LeftoverProcesses`).
    var processGroups: (any ProcessGroupRecording)?

    /// Why a running process must stop now, if it must.
    func stopReason(testStartedAt: Date?) -> StopReason? {
        let now = now()
        if cancellation.isCancelled { return .cancelled }
        if now >= runDeadline { return .runTimedOut }
        if let testStartedAt, now.timeIntervalSince(testStartedAt) > testSeconds { return .testTimedOut }
        return nil
    }
}

extension RunLimits {
    /// Why a command before the tests must stop now, in words, or nil.
    @Sendable func stopText() -> String? {
        switch stopReason(testStartedAt: nil) {
        case .runTimedOut: "the run reached timeouts.runSeconds"
        case .cancelled: "smokerun was stopped"
        case .testTimedOut, nil: nil
        }
    }

    /// `300` → "300 s", `0.5` → "0.5 s": a timeout as messages print it.
    static func text(seconds value: Double) -> String {
        Int(exactly: value).map { "\($0) s" } ?? String(format: "%.1f s", value)
    }
}

enum StopReason: Sendable, Equatable {
    case testTimedOut, runTimedOut, cancelled

    /// How a test smokerun stopped this way ended: its status, its failure and the fact that proves it.
    func ending(testSeconds: Double) -> (status: TestStatus, failure: TestFailure, evidence: Evidence) {
        let limit = RunLimits.text(seconds: testSeconds)
        return switch self {
        case .testTimedOut:
            (
                .timedOut,
                TestFailure(message: "exceeded timeouts.testSeconds (\(limit)) and was stopped with its process group"),
                Evidence(what: "smokerun stopped it at timeouts.testSeconds (\(limit))")
            )
        case .runTimedOut:
            (
                .timedOut, TestFailure(message: "still running when the run reached timeouts.runSeconds"),
                Evidence(what: "smokerun stopped it at timeouts.runSeconds")
            )
        case .cancelled:
            (
                .interrupted, TestFailure(message: "interrupted: smokerun was stopped while this test ran"),
                Evidence(what: "smokerun was stopped while it ran")
            )
        }
    }

    /// smokerun's console.log line for the test it stopped, as `parse` reads it back.
    func consoleNote(testID: String, testSeconds: Double) -> String {
        switch self {
        case .testTimedOut: "stopped at timeouts.testSeconds (\(RunLimits.text(seconds: testSeconds))): \(testID)"
        case .runTimedOut: "stopped at timeouts.runSeconds: \(testID)"
        case .cancelled: "stopped: smokerun was stopped while \(testID) ran"
        }
    }
}

/// Keeps the test process groups of a run where a later run can find them.
package protocol ProcessGroupRecording: Sendable {
    func record(group pid: Int32)
    func forget(group pid: Int32)
}
