import Foundation
import SmokeCore

/// The wall clock. Sleeps in naps of at most `longestNap` and re-reads the wall clock after each,
/// so a machine that slept or a clock that was set still fires close to the right wall time
/// (one wake-up every few minutes costs nothing; a monotonic sleep alone would drift).
struct SystemSchedulerClock: SchedulerClock {
    var longestNap: TimeInterval

    init(longestNap: TimeInterval = 300) { self.longestNap = longestNap }

    var now: Date { SystemClock.now() }

    func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return }
            try await Task.sleep(nanoseconds: UInt64(min(remaining, longestNap) * 1_000_000_000) + 1)
        }
    }
}
