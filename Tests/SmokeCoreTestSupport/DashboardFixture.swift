import Foundation

@testable import SmokeCore

/// A scripted history of fourteen runs, four hours apart, with one test of each kind the dashboard answers for:
/// `LoginTests/testLogin` gets slower (1 s, then 2 s from run 8), `CartTests/testCheckout` breaks at run 6 and is
/// fixed at run 10, `SyncTests/testSync` passes on a retry in runs 3, 7 and 11 and fails in run 12,
/// `PayTests/testRefund` fails from run 11 on with a message holding markup. Runs 0–3 were pruned.
enum DashboardFixture {
    static let login = "App.LoginTests/testLogin"
    static let checkout = "App.CartTests/testCheckout"
    static let sync = "App.SyncTests/testSync"
    static let refund = "App.PayTests/testRefund"
    static let start = Date(timeIntervalSince1970: 1_793_491_200) // 2026-11-01 00:00:00 UTC

    static func commit(_ run: Int) -> String { String(format: "c0ffee%02d", run) + String(repeating: "a", count: 32) }

    static func history(runs: Int = 14) -> DashboardHistory {
        var builder = DashboardHistoryBuilder(pipeline: "smoke")
        for index in 0..<runs {
            var outcomes = [
                DashboardHistoryBuilder.Outcome(key: login, status: .passed, durationSeconds: index >= 8 ? 2.0 : 1.0)
            ]
            let broken = (6...9).contains(index)
            outcomes.append(
                DashboardHistoryBuilder.Outcome(
                    key: checkout, status: broken ? .failed : .passed, durationSeconds: 0.25,
                    message: broken ? "XCTAssertEqual failed: (\"3\") is not equal to (\"2\")" : nil))
            let syncFails = index == 12
            outcomes.append(
                DashboardHistoryBuilder.Outcome(
                    key: sync, status: syncFails ? .failed : .passed, flaky: [3, 7, 11].contains(index),
                    durationSeconds: 0.5, message: syncFails ? "timed out waiting for sync" : nil))
            let refundFails = index >= 11
            outcomes.append(
                DashboardHistoryBuilder.Outcome(
                    key: refund, status: refundFails ? .failed : .passed, durationSeconds: 0.1,
                    message: refundFails ? "refund <b>declined</b> & \"retried\"" : nil))
            let failed = outcomes.contains { $0.status.isFailure }
            let run = DashboardRun(
                id: String(format: "2026-11-01T%02d0000Z-%02d", index % 24, index),
                startedAt: start.addingTimeInterval(Double(index) * 4 * 3600), status: failed ? .failed : .passed,
                durationSeconds: 60 + Double(index), commit: commit(index), coveragePercent: 70 + Double(index) / 2,
                moduleCoverage: index >= 12 ? ["App": 72.5, "Core": 81.25] : [:],
                reportPath: index < 4 ? nil : "runs/run-\(index)/index.html")
            builder.add(run, outcomes: outcomes)
        }
        return builder.history
    }
}
