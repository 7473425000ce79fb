import Foundation
import Testing

@testable import SmokeCore

/// Fire times across month ends, leap days and both DST changes in several zones.
@Suite struct CronNextFireDateTests {
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static func utc(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    static func fires(_ cron: String, from: String, count: Int, zone: String) throws -> [String] {
        let expression = try CronExpression(cron)
        let timeZone = try #require(TimeZone(identifier: zone))
        return expression.fireDates(from: instant(from), count: count, in: timeZone).map(utc)
    }

    @Test(arguments: [
        ("2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
        ("2026-01-01T00:00:01Z", "2026-01-01T04:00:00Z"),
        ("2026-05-17T03:59:59Z", "2026-05-17T04:00:00Z"),
        ("2026-05-17T13:37:00Z", "2026-05-17T16:00:00Z"),
        ("2026-12-31T21:12:00Z", "2027-01-01T00:00:00Z"),
    ])
    func everyFourHoursFromArbitraryStarts(start: String, first: String) throws {
        let fires = try Self.fires("0 */4 * * *", from: start, count: 7, zone: "UTC")
        #expect(fires.first == first)
        let spacing = zip(fires, fires.dropFirst()).map { Self.instant($1).timeIntervalSince(Self.instant($0)) }
        #expect(spacing.allSatisfy { $0 == 4 * 3_600 })
    }

    @Test func nextIsStrictlyAfterTheGivenInstant() throws {
        let cron = try CronExpression("0 */4 * * *")
        let utc = try #require(TimeZone(identifier: "UTC"))
        let next = cron.nextFireDate(after: Self.instant("2026-01-01T04:00:00Z"), in: utc)
        #expect(next.map(Self.utc) == "2026-01-01T08:00:00Z")
    }

    @Test func monthEndsSkipMonthsWithoutThatDay() throws {
        #expect(
            try Self.fires("0 12 31 * *", from: "2026-01-31T12:00:01Z", count: 3, zone: "UTC")
                == ["2026-03-31T12:00:00Z", "2026-05-31T12:00:00Z", "2026-07-31T12:00:00Z"])
        #expect(
            try Self.fires("59 23 30 * *", from: "2026-01-31T00:00:00Z", count: 2, zone: "UTC")
                == ["2026-03-30T23:59:00Z", "2026-04-30T23:59:00Z"])
    }

    @Test func leapDayFiresOnlyInLeapYears() throws {
        #expect(
            try Self.fires("0 6 29 FEB *", from: "2026-03-01T00:00:00Z", count: 3, zone: "UTC")
                == ["2028-02-29T06:00:00Z", "2032-02-29T06:00:00Z", "2036-02-29T06:00:00Z"])
        // 2100 is not a leap year; the bounded search still reaches 2104.
        #expect(
            try Self.fires("0 0 29 2 *", from: "2097-01-01T00:00:00Z", count: 1, zone: "UTC") == [
                "2104-02-29T00:00:00Z"
            ])
    }

    @Test func leapDaySearchStaysBoundedAcrossASkippedCenturyLeapYear() throws {
        let leapDay = try CronExpression("0 0 29 2 *")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(CronExpression.searchDays >= 366 * 8)
        #expect(
            leapDay.nextFireDate(after: Self.instant("2096-03-01T00:00:00Z"), in: utc).map(Self.utc)
                == "2104-02-29T00:00:00Z")
    }

    @Test func dayOfMonthOrDayOfWeek() throws {
        // 1st of the month or any Monday, April 2026: Wed 1st, Mon 6th, Mon 13th.
        #expect(
            try Self.fires("0 8 1 * MON", from: "2026-04-01T00:00:00Z", count: 3, zone: "UTC")
                == ["2026-04-01T08:00:00Z", "2026-04-06T08:00:00Z", "2026-04-13T08:00:00Z"])
    }

    // MARK: America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.

    @Test func newYorkEveryFourHoursAcrossSpringForward() throws {
        #expect(
            try Self.fires("0 */4 * * *", from: "2026-03-08T05:00:00Z", count: 4, zone: "America/New_York")
                == ["2026-03-08T05:00:00Z", "2026-03-08T08:00:00Z", "2026-03-08T12:00:00Z", "2026-03-08T16:00:00Z"])
    }

    @Test func newYorkSkippedWallTimeFiresOnceAtTheEndOfTheGap() throws {
        #expect(
            try Self.fires("30 2 * * *", from: "2026-03-07T12:00:00Z", count: 3, zone: "America/New_York")
                == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
        // Several wall times inside the gap collapse into one run at 03:00 EDT.
        #expect(
            try Self.fires("0,15,30,45 2 * * *", from: "2026-03-08T00:00:00Z", count: 2, zone: "America/New_York")
                == ["2026-03-08T07:00:00Z", "2026-03-09T06:00:00Z"])
    }

    @Test func newYorkRepeatedWallTimeFiresOnceAtTheFirstOccurrence() throws {
        #expect(
            try Self.fires("30 1 * * *", from: "2026-10-31T12:00:00Z", count: 2, zone: "America/New_York")
                == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
        #expect(
            try Self.fires("*/20 1 * * *", from: "2026-11-01T05:00:00Z", count: 4, zone: "America/New_York")
                == ["2026-11-01T05:00:00Z", "2026-11-01T05:20:00Z", "2026-11-01T05:40:00Z", "2026-11-02T06:00:00Z"])
    }

    @Test func newYorkEveryFourHoursAcrossFallBack() throws {
        #expect(
            try Self.fires("0 */4 * * *", from: "2026-11-01T00:00:00Z", count: 4, zone: "America/New_York")
                == ["2026-11-01T00:00:00Z", "2026-11-01T04:00:00Z", "2026-11-01T09:00:00Z", "2026-11-01T13:00:00Z"])
    }

    // MARK: Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.

    @Test func berlinSpringForward() throws {
        #expect(
            try Self.fires("30 2 * * *", from: "2026-03-28T12:00:00Z", count: 2, zone: "Europe/Berlin")
                == ["2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"])
        #expect(
            try Self.fires("0 */4 * * *", from: "2026-03-28T23:00:00Z", count: 3, zone: "Europe/Berlin")
                == ["2026-03-28T23:00:00Z", "2026-03-29T02:00:00Z", "2026-03-29T06:00:00Z"])
    }

    @Test func berlinFallBack() throws {
        #expect(
            try Self.fires("30 2 * * *", from: "2026-10-24T12:00:00Z", count: 2, zone: "Europe/Berlin")
                == ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"])
        #expect(
            try Self.fires("0 * * * *", from: "2026-10-24T23:30:00Z", count: 4, zone: "Europe/Berlin")
                == ["2026-10-25T00:00:00Z", "2026-10-25T02:00:00Z", "2026-10-25T03:00:00Z", "2026-10-25T04:00:00Z"])
    }

    // MARK: Australia/Lord_Howe: half-hour DST. 2026-10-04 02:00 → 02:30 (+10:30 → +11); 2026-04-05 02:00 → 01:30.

    @Test func lordHoweHalfHourSpringForward() throws {
        #expect(
            try Self.fires("15 2 * * *", from: "2026-10-03T00:00:00Z", count: 2, zone: "Australia/Lord_Howe")
                == ["2026-10-03T15:30:00Z", "2026-10-04T15:15:00Z"])
    }

    @Test func lordHoweHalfHourFallBack() throws {
        #expect(
            try Self.fires("45 1 * * *", from: "2026-04-04T00:00:00Z", count: 2, zone: "Australia/Lord_Howe")
                == ["2026-04-04T14:45:00Z", "2026-04-05T15:15:00Z"])
    }
}
