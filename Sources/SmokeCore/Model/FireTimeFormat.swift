import Foundation

/// Fire times in UTC and in the pipeline's zone, ISO 8601 with offsets: Linux and macOS name zones differently.
package enum FireTimeFormat {
    /// `2026-03-08T08:00:00Z`
    package static func utc(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }

    /// `2026-03-08T04:00:00-04:00`
    package static func local(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let wall = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let civil = CivilDate(dayNumber: Int((Double(wall) / 86_400).rounded(.down)))
        let seconds = wall - civil.dayNumber * 86_400
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", civil.year, civil.month, civil.day,
            seconds / 3_600, seconds % 3_600 / 60, seconds % 60)
            + sign + String(format: "%02d:%02d", abs(offset) / 3_600, abs(offset) % 3_600 / 60)
    }
}
