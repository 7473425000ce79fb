import Foundation
import Testing

@testable import SmokeCore

@Suite struct RetentionPolicyTests {
    let now = Date(timeIntervalSince1970: 100 * 86_400)

    /// Runs `ages` days old, named by age: "d0" is the newest.
    private func runs(_ ages: [Double]) -> [RetentionPolicy.Run] {
        ages.map { RetentionPolicy.Run(runID: "d\($0)", startedAt: now.addingTimeInterval(-$0 * 86_400)) }
    }

    private func settings(runs: Int, days: Double) -> RetentionSettings {
        var settings = RetentionSettings()
        (settings.runs, settings.days) = (runs, days)
        return settings
    }

    @Test func runsBeyondTheCountGoOldestFirst() {
        let expired = RetentionPolicy.expired(
            runs([3, 0, 1, 2, 4]), settings: settings(runs: 3, days: 30), now: now, protected: [])
        #expect(expired == ["d4.0", "d3.0"])
    }

    @Test func runsOlderThanTheDaysGoEvenWithinTheCount() {
        let expired = RetentionPolicy.expired(
            runs([0, 13.9, 14.1, 20]), settings: settings(runs: 60, days: 14), now: now, protected: [])
        #expect(expired == ["d20.0", "d14.1"])
    }

    @Test func protectedRunsStayAndStillCountTowardTheLimit() {
        // The newest run is the one being finished; "d20" is where latest points.
        let expired = RetentionPolicy.expired(
            runs([0, 1, 2, 20]), settings: settings(runs: 2, days: 14), now: now, protected: ["d0.0", "d20.0"])
        #expect(expired == ["d2.0"])
    }

    @Test func aRunListedTwiceIsCountedOnce() {
        let expired = RetentionPolicy.expired(
            runs([0, 1, 1, 2]), settings: settings(runs: 3, days: 14), now: now, protected: [])
        #expect(expired.isEmpty)
    }

    @Test func theDefaultsAreSixtyRunsAndFourteenDays() {
        #expect(RetentionSettings() == settings(runs: 60, days: 14))
        let expired = RetentionPolicy.expired(
            runs((0..<70).map { Double($0) / 6 }), settings: RetentionSettings(), now: now, protected: [])
        #expect(expired.count == 10)
        #expect(expired.first == "d\(69.0 / 6)")
    }
}
