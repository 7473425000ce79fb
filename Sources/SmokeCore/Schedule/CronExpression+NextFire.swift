import Foundation

extension CronExpression {
    /// Wall-clock days searched: enough for a February 29 across a skipped century leap year (2096 → 2104).
    static let searchDays = 366 * 9

    /// The first instant strictly after `date` at which this expression fires, read in `zone`; nil when no
    /// matching day comes within `searchDays` (`0 0 29 2 1-5` never does).
    ///
    /// A wall time skipped by spring-forward fires at the first instant after the gap; one repeated by
    /// fall-back fires once, at its first occurrence.
    package func nextFireDate(after date: Date, in zone: TimeZone) -> Date? {
        let after = Int(date.timeIntervalSince1970.rounded(.down))
        let localNow = after + zone.secondsFromGMT(for: date)
        // An instant is its wall time minus an offset of at most ±14 hours; start a day early to be safe.
        let firstDay = Int((Double(localNow) / 86_400).rounded(.down)) - 1
        let margin = 15 * 3_600
        for dayNumber in firstDay...(firstDay + Self.searchDays) {
            let dayStart = dayNumber * 86_400
            guard dayStart + 86_400 + margin > after, matches(CivilDate(dayNumber: dayNumber)) else { continue }
            for hour in hours where dayStart + (hour + 1) * 3_600 + margin > after {
                for minute in minutes {
                    let instant = WallClock.instant(wallSeconds: dayStart + hour * 3_600 + minute * 60, in: zone)
                    if TimeInterval(instant) > date.timeIntervalSince1970 {
                        return Date(timeIntervalSince1970: TimeInterval(instant))
                    }
                }
            }
        }
        return nil
    }

    /// The next `count` fire times at or after `date`.
    package func fireDates(from date: Date, count: Int, in zone: TimeZone) -> [Date] {
        var result: [Date] = []
        var cursor = date.addingTimeInterval(-0.001)
        while result.count < count, let next = nextFireDate(after: cursor, in: zone) {
            result.append(next)
            cursor = next
        }
        return result
    }
}
