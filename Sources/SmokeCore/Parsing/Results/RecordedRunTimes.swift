import Foundation

/// When a parsed run ran, as its own output says: XCTest's suite stamps and `in X (Y) seconds` totals, Swift
/// Testing's `after X seconds`, an event stream's `runStarted`/`runEnded` instants. Never the time of parsing.
package struct RecordedRunTimes: Sendable, Equatable {
    var startedAt: Date?
    var finishedAt: Date?
    /// What the frameworks' totals add up to (each process's outermost XCTest suite, each Swift Testing run).
    var durationSeconds: Double?

    package init(startedAt: Date? = nil, finishedAt: Date? = nil, durationSeconds: Double? = nil) {
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.durationSeconds = durationSeconds
    }

    /// Several inputs of one run: earliest start, latest finish, durations summed; implausible times left out.
    package mutating func add(_ other: RecordedRunTimes) {
        if let start = PlausibleTime.date(other.startedAt) { startedAt = min(startedAt ?? start, start) }
        if let finish = PlausibleTime.date(other.finishedAt) { finishedAt = max(finishedAt ?? finish, finish) }
        if let seconds = PlausibleTime.seconds(other.durationSeconds) {
            durationSeconds = (durationSeconds ?? 0) + seconds
        }
    }

    /// The report's start, finish and duration, completed from each other; `parsedAt` only when the input records no
    /// time (a Swift Testing console log). A time the input cannot mean (an instant of 1e300) is unknown.
    package func resolved(parsedAt: Date) -> (startedAt: Date, finishedAt: Date, durationSeconds: Double) {
        let recordedStart = PlausibleTime.date(startedAt)
        let recordedFinish = PlausibleTime.date(finishedAt)
        let seconds = PlausibleTime.seconds(durationSeconds)
        let start =
            recordedStart ?? recordedFinish.flatMap { PlausibleTime.date($0.addingTimeInterval(-(seconds ?? 0))) }
            ?? parsedAt
        let finish = max(recordedFinish ?? PlausibleTime.date(start.addingTimeInterval(seconds ?? 0)) ?? start, start)
        return (start, finish, seconds ?? finish.timeIntervalSince(start))
    }
}
