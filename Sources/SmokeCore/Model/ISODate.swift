import Foundation

/// A date a user writes (`history --since`, a quarantine's `expires`): an ISO 8601 date (midnight UTC) or date-time
/// (with `Z` or an offset). Foundation rolls an impossible one forward (`2027-02-31` reads as March 3rd); here it is
/// no date. Pure.
package enum ISODate {
    /// The accepted forms, for the message about a date that is none of them.
    package static let forms = "2026-11-22 (midnight UTC), 2026-11-22T04:00:00Z or 2026-11-22T04:00:00+01:00"

    /// The moment `text` names and whether it is a date alone; nil when it is not one of `forms` or names a day or
    /// time no calendar has.
    package static func parse(_ text: String) -> (date: Date, isDay: Bool)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard fieldsExist(Array(trimmed.utf8)) else { return nil }
        let formatter = ISO8601DateFormatter()
        if trimmed.count == 10 {
            formatter.formatOptions = [.withFullDate, .withDashSeparatorInDate]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.date(from: trimmed).map { ($0, true) }
        }
        if let date = formatter.date(from: trimmed) { return (date, false) }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: trimmed).map { ($0, false) }
    }

    /// Whether `YYYY-MM-DD` and a `THH:MM:SS` after it (when there is one) name a real day and time of day.
    private static func fieldsExist(_ bytes: [UInt8]) -> Bool {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month),
            (1...CivilDate.daysInMonth(month, year: year)).contains(day)
        else { return false }
        guard bytes.count > 10 else { return true }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else {
            return false
        }
        return hour < 24 && minute < 60 && second < 60
    }
}
