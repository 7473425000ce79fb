import Foundation

/// What one test's page shows: its recent runs, and its failure messages grouped by message.
package struct DashboardTestDetail: Sendable, Equatable {
    package struct MessageGroup: Sendable, Equatable {
        package var message: String
        package var firstRun: Int
        package var lastRun: Int
        package var runs: Int
    }

    /// Runs on a test page's strip and duration chart.
    package static let recentRuns = 100
    /// Different messages listed on a page, most recent first.
    package static let messageGroupLimit = 20

    /// The last `recentRuns` runs, oldest first, with the test's result there (nil: not run).
    package var recent: [(run: Int, result: DashboardResult?)] = []
    package var messages: [MessageGroup] = []
    package var firstFailedRun: Int?

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.messages == rhs.messages && lhs.firstFailedRun == rhs.firstFailedRun
            && lhs.recent.map(\.run) == rhs.recent.map(\.run) && lhs.recent.map(\.result) == rhs.recent.map(\.result)
    }

    package static func collect(_ history: DashboardHistory, tests: [Int]) -> [Int: DashboardTestDetail] {
        var details: [Int: DashboardTestDetail] = [:]
        var wanted = Array(repeating: false, count: history.tests.count)
        for test in tests where test < wanted.count {
            wanted[test] = true
            details[test] = DashboardTestDetail()
        }
        var groups: [Int: [String: MessageGroup]] = [:]
        let recentStart = max(history.runs.count - recentRuns, 0)
        for (runIndex, run) in history.runs.enumerated() {
            if runIndex >= recentStart {
                for test in tests { details[test]?.recent.append((runIndex, nil)) }
            }
            for result in run.results where wanted[Int(result.test)] {
                let test = Int(result.test)
                if result.status.isFailure, details[test]?.firstFailedRun == nil {
                    details[test]?.firstFailedRun = runIndex
                }
                if runIndex >= recentStart {
                    details[test]?.recent[runIndex - recentStart].result = result
                }
            }
            for (test, message) in run.messages where test < wanted.count && wanted[test] {
                if var group = groups[test, default: [:]][message] {
                    group.lastRun = runIndex
                    group.runs += 1
                    groups[test]?[message] = group
                } else {
                    groups[test, default: [:]][message] = MessageGroup(
                        message: message, firstRun: runIndex, lastRun: runIndex, runs: 1)
                }
            }
        }
        for (test, byMessage) in groups {
            details[test]?.messages = Array(
                byMessage.values.sorted { ($1.lastRun, $0.message) < ($0.lastRun, $1.message) }
                    .prefix(messageGroupLimit))
        }
        return details
    }
}
