import Foundation

/// Something the scheduler did, logged as one line each (stderr in production).
package enum SchedulerEvent: Sendable, Equatable {
    case scheduled(pipeline: String, at: Date, timeZone: TimeZone)
    /// `catchUp` when the run makes up for a scheduled time missed while the service was down.
    case started(pipeline: String, scheduledFor: Date, catchUp: Bool)
    case finished(pipeline: String, outcome: RunOutcome)
    case skipped(pipeline: String, scheduledFor: Date, reason: SkipReason)
    /// An invalid pipeline file or expression, or an unusable lock; `subject` is the pipeline or file.
    case error(subject: String, message: String)
    case reloaded(pipelines: Int)
    case stopping(runningRuns: Int)
    /// Stopped; `abandonedRuns` did not end within the grace period.
    case stopped(abandonedRuns: Int)

    package enum SkipReason: Sendable, Equatable {
        /// This service's previous run of the pipeline is still going.
        case stillRunning(since: Date)
        case lockedElsewhere(pid: Int32?)
    }

    /// The log line, stamped with the time the event happened.
    package func logLine(at date: Date) -> String {
        "\(Self.utc(date)) smokerun schedule: \(message)"
    }

    var message: String {
        switch self {
        case .scheduled(let pipeline, let at, let zone):
            return "\(pipeline): next run at \(FireTimeFormat.local(at, in: zone)) (\(Self.utc(at)))"
        case .started(let pipeline, let scheduledFor, let catchUp):
            let why =
                catchUp
                ? "catch-up for the missed run of \(Self.utc(scheduledFor))" : "scheduled for \(Self.utc(scheduledFor))"
            return "\(pipeline): started (\(why))"
        case .finished(let pipeline, let outcome):
            var line = "\(pipeline): finished, status \(outcome.status.rawValue)"
            if let report = outcome.reportPath { line += ", report \(report)" }
            if let message = outcome.message { line += ": \(message)" }
            return line
        case .skipped(let pipeline, let scheduledFor, .stillRunning(let since)):
            return
                """
                \(pipeline): skipped the run of \(Self.utc(scheduledFor)): the run started at \(Self.utc(since)) is \
                still going
                """
        case .skipped(let pipeline, let scheduledFor, .lockedElsewhere(let pid)):
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "\(pipeline): skipped the run of \(Self.utc(scheduledFor)): \(holder) is running it"
        case .error(let subject, let message):
            return "\(subject): error: \(message)"
        case .reloaded(let count):
            return "reloaded pipeline files: \(count) pipeline\(count == 1 ? "" : "s") scheduled"
        case .stopping(let running):
            return running == 0 ? "stopping" : "stopping: cancelling \(running) running run\(running == 1 ? "" : "s")"
        case .stopped(let abandoned):
            return abandoned == 0
                ? "stopped" : "stopped; \(abandoned) run\(abandoned == 1 ? "" : "s") did not end in time"
        }
    }

    private static func utc(_ date: Date) -> String { FireTimeFormat.utc(date) }
}
