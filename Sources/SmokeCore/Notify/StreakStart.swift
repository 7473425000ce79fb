import Foundation

/// The run a failure streak began in, as the history recorded it: when it started and the commit it tested, so a
/// message says "since 2026-11-26 04:00 UTC, commit abc123" instead of a run id.
struct StreakStart: Sendable, Equatable {
    var startedAt: Date
    /// Nil when the run did not know its commit (and in history lines older smokeruns wrote).
    var commit: String?
    /// Whether that run's checkout had changes of its own: the streak began on them, not on the commit alone.
    var dirty: Bool? = nil
}
