import Foundation

/// XCTest's suite stamps, `Test Suite 'All tests' started at 2025-03-01 12:00:00.123` (a trailing `.` on Apple's
/// `passed at` lines; ` +0000` on old Xcode's). Without a zone, read in `timeZone`: XCTest prints local time.
enum SuiteTimestamp {
    /// The last minute (`YYYY-MM-DD HH:MM` in a zone) turned into a date: a run's suite stamps share minutes.
    struct MinuteCache {
        fileprivate var minute: [Int]
        fileprivate var zone: TimeZone
        fileprivate var date: Date
        /// The stamp's `YYYY-MM-DD HH:MM` bytes, when it was read from bytes in the zone of the reader.
        fileprivate var minuteBytes: (UInt64, UInt64) = (0, 0)
    }

    /// The stamp from `from` to the line's end. `YYYY-MM-DD HH:MM:SS[.fff][.]` without a zone is read from the bytes
    /// (in the cached minute, without a calendar); any other shape as text.
    static func date(_ line: LineBytes, from: Int, timeZone: TimeZone, cache: inout MinuteCache?) -> Date? {
        guard let base = line.baseAddress, let secondsEnd = plainStampEnd(line, from: from),
            let seconds = line.decimal(from: from + 17), seconds.end == secondsEnd, seconds.value < 61
        else { return date(line.string(from: from), timeZone: timeZone, cache: &cache) }
        let raw = UnsafeRawPointer(base + from)
        let minuteBytes = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let start: Date
        if let cached = cache, cached.minuteBytes == minuteBytes, cached.zone == timeZone {
            start = cached.date
        } else {
            guard let minute = date(line.string(from..<(from + 16)) + ":00", timeZone: timeZone, cache: &cache) else {
                return nil
            }
            start = minute
            cache?.minuteBytes = minuteBytes
        }
        let value = seconds.value
        return start.addingTimeInterval(value.rounded(.down)).addingTimeInterval(value - value.rounded(.down))
    }

    /// Where the seconds of a `YYYY-MM-DD HH:MM:SS[.fff]` stamp at `from` end, when only a `.` and blanks follow.
    private static func plainStampEnd(_ line: LineBytes, from: Int) -> Int? {
        let shape: StaticString = "dddd-dd-dd dd:dd:dd"
        guard from + shape.utf8CodeUnitCount <= line.count else { return nil }
        var matches = true
        shape.withUTF8Buffer { pattern in
            for (offset, expected) in pattern.enumerated() {
                let byte = line[from + offset]
                if expected == UInt8(ascii: "d") ? byte &- UInt8(ascii: "0") >= 10 : byte != expected {
                    matches = false
                    return
                }
            }
        }
        guard matches else { return nil }
        var end = from + 19
        if end < line.count, line[end] == UInt8(ascii: ".") {
            let digitsEnd = line.endOfDigits(from: end + 1)
            if digitsEnd > end + 1 { end = digitsEnd }
        }
        var rest = end
        if rest < line.count, line[rest] == UInt8(ascii: ".") { rest += 1 }
        return line.skippingBlanks(from: rest) == line.count ? end : nil
    }

    static func date(_ text: String, timeZone: TimeZone = .current) -> Date? {
        var cache: MinuteCache?
        return date(text, timeZone: timeZone, cache: &cache)
    }

    static func date(_ text: String, timeZone: TimeZone, cache: inout MinuteCache?) -> Date? {
        var text = Substring(trimmed(text))
        if text.hasSuffix(".") { text = text.dropLast() }
        var zone = timeZone
        // ` +0000` / ` -0800`: the zone the stamp states.
        if let space = text.lastIndex(of: " "), text.index(after: space) < text.endIndex {
            let suffix = text[text.index(after: space)...]
            if let sign = suffix.first, sign == "+" || sign == "-", suffix.count == 5,
                let value = Int(suffix.dropFirst())
            {
                let seconds = (value / 100 * 3600 + value % 100 * 60) * (sign == "-" ? -1 : 1)
                guard let stated = TimeZone(secondsFromGMT: seconds) else { return nil }
                zone = stated
                text = text[..<space]
            }
        }
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":")
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            let seconds = Double(clock[2]), seconds >= 0, seconds < 61
        else { return nil }
        let key = [day[0], day[1], day[2], hour, minute]
        let start: Date
        if let cached = cache, cached.minute == key, cached.zone == zone {
            start = cached.date
        } else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let components = DateComponents(
                year: day[0], month: day[1], day: day[2], hour: hour, minute: minute, second: 0)
            guard let date = calendar.date(from: components) else { return nil }
            start = date
            cache = MinuteCache(minute: key, zone: zone, date: date)
        }
        // Whole seconds, then the fraction, as one `DateComponents` with its second and the fraction gave.
        return start.addingTimeInterval(seconds.rounded(.down)).addingTimeInterval(seconds - seconds.rounded(.down))
    }

    /// `text` without surrounding whitespace; Foundation's trimming only when an end is not plain ASCII.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        let plain = { (byte: UInt8) in byte > 0x20 && byte < 0x80 }
        return plain(first) && plain(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }
}
