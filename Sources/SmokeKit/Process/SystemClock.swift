import Foundation

/// The machine's clock, the one place smokerun reads the time of day (`ClockUseTests` holds it). Code that needs
/// the time takes it from whoever made it (a `now` closure, a `SchedulerClock`), and those default to this one.
package enum SystemClock {
    package static func now() -> Date { Date() }
}
