import Foundation

/// Picks *the* screenshot of a failing test's failure moment, pure: the last image the source marks as recorded with
/// the failure (xcresult links XCTest's automatic failure screenshot to the issue), else the last at or before the
/// failure's time, else the last image. Nil when the test did not fail or holds no image.
package enum FailureScreenshot {
    static func choose(_ attachments: [AttachmentRecord], failedAt: Date?) -> AttachmentRecord? {
        let images = attachments.filter(\.isImage)
        if let associated = images.last(where: { $0.failureAssociated == true }) { return associated }
        if let failedAt, let before = images.last(where: { $0.timestamp.map { $0 <= failedAt } == true }) {
            return before
        }
        return images.last
    }

    /// Sets `failureScreenshot` on every failing test; `failureTimes`: test id → its first failure's time, where known.
    package static func assign(to tests: inout [TestResult], failureTimes: [String: Date] = [:]) {
        // Changes found first, written after, so the array is not copied when nothing changes.
        var changes: [(index: Int, screenshot: String?)] = []
        for index in tests.indices {
            let test = tests[index]
            let screenshot =
                test.status.isFailure ? choose(test.attachments, failedAt: failureTimes[test.id])?.path : nil
            if screenshot != test.failureScreenshot { changes.append((index, screenshot)) }
        }
        for change in changes { tests[change.index].failureScreenshot = change.screenshot }
    }
}
