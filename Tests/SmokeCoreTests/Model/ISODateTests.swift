import Foundation
import Testing

@testable import SmokeCore

/// Dates users write: a day no calendar has is no date (Foundation alone reads `2027-02-31` as March 3rd).
@Suite struct ISODateTests {
    @Test(arguments: [
        ("2028-02-29", 1_835_395_200.0, true),
        ("2026-11-22T04:00:00Z", 1_795_320_000.0, false),
        ("2026-11-22T04:00:00+01:00", 1_795_316_400.0, false),
        ("2026-11-22T04:00:00.250Z", 1_795_320_000.25, false),
    ])
    func aRealDayOrTimeIsRead(_ text: String, _ seconds: Double, _ isDay: Bool) throws {
        let parsed = try #require(ISODate.parse(text))
        #expect(parsed.date == Date(timeIntervalSince1970: seconds))
        #expect(parsed.isDay == isDay)
    }

    @Test(arguments: [
        "2027-02-29", "2027-02-31", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
        "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z", "soon", "2026-1-1", "",
    ])
    func aDayOrTimeNoCalendarHasIsNoDate(_ text: String) {
        #expect(ISODate.parse(text) == nil)
    }
}
