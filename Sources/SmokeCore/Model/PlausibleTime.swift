import Foundation

/// Durations and instants an input records, kept only when believable: a log, a bundle or a report.json may claim
/// 1e300 seconds, and such a number is unknown, never converted, summed or printed as if it were a time.
package enum PlausibleTime {
    /// The longest duration believed: a year. No test or run lasts that long; a larger number is damage.
    package static let maximumSeconds: Double = 366 * 86_400
    /// The latest instant believed: 9999-12-31T23:59:59Z, the last that report.json's ISO 8601 dates can write.
    package static let latestSince1970: Double = 253_402_300_799

    /// `seconds` when finite, not negative and at most `maximumSeconds`; otherwise unknown.
    package static func seconds(_ seconds: Double?) -> Double? {
        guard let seconds, seconds.isFinite, seconds >= 0, seconds <= maximumSeconds else { return nil }
        return seconds
    }

    /// `date` when between 1970 and the year 9999; otherwise unknown.
    package static func date(_ date: Date?) -> Date? {
        guard let date, isBelievable(since1970: date.timeIntervalSince1970) else { return nil }
        return date
    }

    package static func date(since1970 seconds: Double?) -> Date? {
        guard let seconds, isBelievable(since1970: seconds) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The instant `seconds` after 2001-01-01 (Foundation's reference date, as bundles store it), when believable.
    package static func date(sinceReferenceDate seconds: Double?) -> Date? {
        guard let seconds, seconds.isFinite else { return nil }
        return date(Date(timeIntervalSinceReferenceDate: seconds))
    }

    private static func isBelievable(since1970 seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= latestSince1970
    }
}
