import Foundation

extension JSONNotification {
    /// A failing test a quarantine covered: listed apart from `failures`, with the entry's reason, owner and expiry.
    struct Quarantined: Encodable, Sendable, Equatable {
        var id: String
        var displayName: String?
        var device: String?
        var status: TestStatus
        var message: String?
        var file: String?
        var line: Int?
        var reason: String
        var owner: String
        var expires: Date

        /// The run's quarantined failures, at most `listedFailures`; nil when there are none (the key is absent).
        static func list(_ report: RunReport, sources: SourceLinks) -> [Quarantined]? {
            let covered = report.failingTests.compactMap { test in
                report.quarantineEntry(for: test).map { (test, $0) }
            }
            guard !covered.isEmpty else { return nil }
            return covered.prefix(JSONNotification.listedFailures).map { test, entry in
                let first = test.headlineFailure
                return Quarantined(
                    id: test.id, displayName: test.displayName, device: test.device, status: test.status,
                    message: first.map { SlackText.truncate($0.message, limit: JSONNotification.messageLimit) },
                    file: first?.file.map(sources.shortPath), line: first?.line, reason: entry.reason,
                    owner: entry.owner, expires: entry.expires)
            }
        }
    }
}
