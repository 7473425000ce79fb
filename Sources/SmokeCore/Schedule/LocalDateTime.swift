import Foundation

/// Reads `--from` values: ISO 8601 with an offset is an instant; without one it is a wall time in `zone`.
package enum LocalDateTime {
    package static func parse(_ text: String, in zone: TimeZone) throws(InvalidInput) -> Date {
        let problem = InvalidInput(
            "--from takes an ISO 8601 date and time such as 2026-03-08T00:00:00 or 2026-03-08T05:00:00Z, not '\(text)'")
        let pattern = #/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/#
        guard let match = text.wholeMatch(of: pattern) else { throw problem }
        let year = Int(match.1)!
        let month = Int(match.2)!
        let day = Int(match.3)!
        let hour = match.4.map { Int($0)! } ?? 0
        let minute = match.5.map { Int($0)! } ?? 0
        let second = match.6.map { Int($0)! } ?? 0
        guard (1...12).contains(month), (1...CivilDate.daysInMonth(month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { throw problem }
        guard let designator = match.7 else {
            return WallClock.date(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, in: zone)
        }
        var offset = 0
        if designator != "Z" {
            let digits = designator.dropFirst().filter(\.isNumber)
            offset =
                (Int(digits.prefix(2))! * 3_600 + Int(digits.suffix(2))! * 60) * (designator.hasPrefix("-") ? -1 : 1)
        }
        let wall =
            CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(wall - offset))
    }
}
