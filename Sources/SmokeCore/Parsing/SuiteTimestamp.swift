import Foundation

/// XCTest's suite stamps, `Test Suite 'All tests' started at 2025-03-01 12:00:00.123` (a trailing `.` on Apple's
/// `passed at` lines; ` +0000` on old Xcode's). Without a zone the stamp is read in `timeZone` — the parsing
/// machine's own by default, as XCTest prints the local time of the machine that ran it. Pure.
package enum SuiteTimestamp {
    package static func date(_ text: String, timeZone: TimeZone = .current) -> Date? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.hasSuffix(".") { text = text.dropLast() }
        var zone = timeZone
        // ` +0000` / ` -0800`: the zone the stamp states.
        if let space = text.lastIndex(of: " "), text.index(after: space) < text.endIndex {
            let suffix = text[text.index(after: space)...]
            if let sign = suffix.first, sign == "+" || sign == "-", suffix.count == 5, let value = Int(suffix.dropFirst()) {
                let seconds = (value / 100 * 3600 + value % 100 * 60) * (sign == "-" ? -1 : 1)
                guard let stated = TimeZone(secondsFromGMT: seconds) else { return nil }
                zone = stated
                text = text[..<space]
            }
        }
        // `YYYY-MM-DD HH:MM:SS[.fff]`.
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":")
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
              let seconds = Double(clock[2]), seconds >= 0, seconds < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: hour, minute: minute, second: Int(seconds))
        guard let whole = calendar.date(from: components) else { return nil }
        return whole.addingTimeInterval(seconds - seconds.rounded(.down))
    }
}
