import Foundation

/// The machine's clock, the one place smokerun reads the time of day (`ClockUseTests` holds it); everything else
/// takes a `now` closure or `SchedulerClock` that defaults to it.
package enum SystemClock {
    package static func now() -> Date { Date() }
}
