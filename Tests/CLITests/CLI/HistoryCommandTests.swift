import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import smokerun

/// `smokerun history`'s tables over history entries.
@Suite struct HistoryCommandTests {
    private func entry(_ status: TestStatus) -> HistoryEntry {
        var entry = HistoryEntryFixture.entry(durations: ["T.A/test": 1])
        entry.outcomes["T.A/test"] = status
        return entry
    }

    @Test func anInterruptedRunIsNoFlakeInHistory() {
        let text = HistoryTable.flakeRates([entry(.passed), entry(.interrupted)])
        #expect(text == "no flaky tests in the last 2 runs\n")
        // A real failure next to a pass still is one.
        #expect(HistoryTable.flakeRates([entry(.passed), entry(.failed)]).contains("50%"))
    }
}
