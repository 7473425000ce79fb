import Foundation

/// Maps wall-clock times in a zone to instants: a time skipped by spring-forward maps to the first instant
/// after the gap, one repeated by fall-back to its first occurrence.
enum WallClock {
    /// The instant, in seconds since 1970, of `wallSeconds` (a wall time counted as if it were UTC).
    static func instant(wallSeconds wall: Int, in zone: TimeZone) -> Int {
        let offsetBefore = offset(of: zone, at: wall - 86_400)
        let offsetAfter = offset(of: zone, at: wall + 86_400)
        let valid = [wall - offsetBefore, wall - offsetAfter].filter { offset(of: zone, at: $0) == wall - $0 }
        if let first = valid.min() { return first }
        // No instant shows this wall time: it lies in a gap. Find where the new offset starts.
        var low = min(wall - offsetBefore, wall - offsetAfter)
        var high = max(wall - offsetBefore, wall - offsetAfter)
        let newOffset = offset(of: zone, at: high)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(of: zone, at: middle) == newOffset { high = middle } else { low = middle }
        }
        return high
    }

    static func date(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, in zone: TimeZone
    ) -> Date {
        let wall =
            CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(instant(wallSeconds: wall, in: zone)))
    }

    private static func offset(of zone: TimeZone, at seconds: Int) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
