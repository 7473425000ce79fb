import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct DashboardQuarantineTests {
    @Test func theOverviewListsTheQuarantineTheNewestRunRecorded() throws {
        var history = DashboardFixture.history()
        let until = Date(timeIntervalSince1970: 1_798_761_600)
        let active = QuarantineEntry(
            test: DashboardFixture.sync, reason: "races <the> server", owner: "sync-team", expires: until)
        let expired = QuarantineEntry(
            test: "App.CartTests/*", reason: "was broken", owner: "cart-team", expires: until.addingTimeInterval(-1e8))
        history.quarantine = QuarantineRecord(active: [active], expired: [expired], tests: [DashboardFixture.sync])
        let page = try #require(
            DashboardSite.render([DashboardSite.Input(history: history, outputLink: "../")]).first {
                $0.path.hasSuffix("index.html") && $0.contents.contains("id=\"flaky\"")
            })
        let html = page.contents
        #expect(html.contains("<h2>Quarantined</h2>"))
        #expect(html.contains("<code>\(DashboardFixture.sync)</code></td><td>races &lt;the&gt; server</td>"))
        #expect(html.contains("<td>failed, quarantined</td>"))
        #expect(html.contains("<code>App.CartTests/*</code>") && html.contains("<td>expired, ignored</td>"))
        // Without a quarantine, no section.
        history.quarantine = nil
        let plain = DashboardSite.render([DashboardSite.Input(history: history, outputLink: "../")])
        #expect(!plain.contains { $0.contents.contains("id=\"quarantine\"") })
    }
}
