import Foundation
import SmokeCore

/// The wall clock, slept in naps of at most `longestNap` and re-read after each, so a machine that slept or a
/// clock that was set still fires near the right time (a monotonic sleep alone would drift).
package struct SystemSchedulerClock: SchedulerClock {
    var longestNap: TimeInterval

    package init(longestNap: TimeInterval = 300) { self.longestNap = longestNap }

    package var now: Date { SystemClock.now() }

    package func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            try await Task.sleep(nanoseconds: UInt64(min(remaining, longestNap) * 1_000_000_000) + 1)
        }
    }
}
