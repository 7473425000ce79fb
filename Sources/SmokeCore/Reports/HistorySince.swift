import Foundation

/// `smokerun history --since DATE`: an ISO 8601 date (midnight UTC) or date-time (with `Z` or an offset). Pure.
package enum HistorySince {
    /// The accepted forms, for the message about a date that is none of them.
    package static let forms = "2026-11-22 (midnight UTC), 2026-11-22T04:00:00Z or 2026-11-22T04:00:00+01:00"

    /// The moment `text` names; nil when it is not one of `forms`.
    package static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 10 {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withDashSeparatorInDate]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.date(from: trimmed)
        }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: trimmed) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: trimmed)
    }
}
