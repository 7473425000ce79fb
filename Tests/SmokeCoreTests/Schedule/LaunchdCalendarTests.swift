import Testing

@testable import SmokeCore

@Suite struct LaunchdCalendarTests {
    static func render(_ cron: String) throws -> [String]? {
        try LaunchdCalendar.intervals(CronExpression(cron))?.map {
            $0.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    @Test func everyFourHoursIsSixEntries() throws {
        #expect(try Self.render("17 */4 * * *") == (0..<6).map { "Hour=\($0 * 4) Minute=17" })
    }

    @Test func unrestrictedFieldsAreLeftOut() throws {
        #expect(try Self.render("* * * * *") == [""])
        #expect(try Self.render("0 9 * * MON-FRI") == (1...5).map { "Weekday=\($0) Hour=9 Minute=0" })
    }

    @Test func eitherDayFieldBecomesTwoSetsOfEntries() throws {
        #expect(try Self.render("0 0 13 * FRI") == ["Day=13 Hour=0 Minute=0", "Weekday=5 Hour=0 Minute=0"])
    }

    @Test func tooManyEntriesIsNil() throws {
        #expect(try Self.render("*/2 */2 * * *")?.count == 360)
        #expect(try Self.render("*/2 */2 1-15 * *") == nil)
    }
}
