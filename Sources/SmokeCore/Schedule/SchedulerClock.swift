import Foundation

/// The time source the scheduler sleeps on. Production uses `SystemSchedulerClock`; tests advance their own.
package protocol SchedulerClock: Sendable {
    var now: Date { get }
    /// Returns at or after `deadline`; throws `CancellationError` when the calling task is cancelled.
    func sleep(until deadline: Date) async throws
}
