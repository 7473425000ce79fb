import Testing

@testable import SmokeCore

@Suite struct CronExpressionTests {
    @Test func everyFourHoursSelectsSixHoursAtMinuteZero() throws {
        let cron = try CronExpression("0 */4 * * *")
        #expect(cron.minutes == [0])
        #expect(cron.hours == [0, 4, 8, 12, 16, 20])
        #expect(cron.daysOfWeek == Set(0...6))
        #expect(!cron.restrictsDayOfMonth && !cron.restrictsDayOfWeek)
    }

    @Test func listsRangesAndStepsCombine() throws {
        let cron = try CronExpression("1,5,10-12 1-10/2 5/10 * *")
        #expect(cron.minutes == [1, 5, 10, 11, 12])
        #expect(cron.hours == [1, 3, 5, 7, 9])
        #expect(cron.daysOfMonth == [5, 15, 25])
    }

    @Test func monthAndWeekdayNamesAreCaseInsensitive() throws {
        let cron = try CronExpression("0 9 * jan-MAR,Dec mon-FRI")
        #expect(cron.months == [1, 2, 3, 12])
        #expect(cron.daysOfWeek == [1, 2, 3, 4, 5])
    }

    @Test func zeroAndSevenAreBothSunday() throws {
        #expect(try CronExpression("0 0 * * 7").daysOfWeek == [0])
        #expect(try CronExpression("0 0 * * 5-7").daysOfWeek == [5, 6, 0])
        #expect(try CronExpression("0 0 * * SUN").daysOfWeek == [0])
    }

    @Test(arguments: [
        ("@hourly", "0 * * * *"), ("@daily", "0 0 * * *"), ("@midnight", "0 0 * * *"),
        ("@weekly", "0 0 * * 0"), ("@monthly", "0 0 1 * *"), ("@yearly", "0 0 1 1 *"), ("@annually", "0 0 1 1 *"),
    ])
    func macrosExpandToTheirFiveFields(macro: String, fields: String) throws {
        let expanded = try CronExpression(macro)
        let plain = try CronExpression(fields)
        #expect(expanded.minutes == plain.minutes && expanded.hours == plain.hours)
        #expect(expanded.daysOfMonth == plain.daysOfMonth && expanded.months == plain.months)
        #expect(expanded.daysOfWeek == plain.daysOfWeek)
        #expect(expanded.source == macro)
    }

    @Test func bothDayFieldsRestrictedFireOnEither() throws {
        let cron = try CronExpression("0 0 13 * FRI")
        #expect(cron.matches(CivilDate(year: 2026, month: 3, day: 13))) // a Friday the 13th
        #expect(cron.matches(CivilDate(year: 2026, month: 4, day: 13))) // a Monday
        #expect(cron.matches(CivilDate(year: 2026, month: 4, day: 17))) // a Friday
        #expect(!cron.matches(CivilDate(year: 2026, month: 4, day: 14)))
    }

    @Test func aStarredStepDoesNotRestrictItsDayField() throws {
        let cron = try CronExpression("0 0 */2 * MON")
        #expect(!cron.restrictsDayOfMonth)
        #expect(cron.matches(CivilDate(year: 2026, month: 4, day: 13))) // odd day, Monday
        #expect(!cron.matches(CivilDate(year: 2026, month: 4, day: 20))) // even day: */2 is 1,3,5…
        #expect(!cron.matches(CivilDate(year: 2026, month: 4, day: 15))) // odd day, Wednesday
    }

    @Test(arguments: [
        ("0 25 * * *", "cron expression '0 25 * * *': field 2 (hour) '25' is out of range 0–23"),
        ("60 * * * *", "cron expression '60 * * * *': field 1 (minute) '60' is out of range 0–59"),
        ("0 0 0 * *", "cron expression '0 0 0 * *': field 3 (day of month) '0' is out of range 1–31"),
        ("0 0 * 13 *", "cron expression '0 0 * 13 *': field 4 (month) '13' is out of range 1–12"),
        ("0 0 * * 8", "cron expression '0 0 * * 8': field 5 (day of week) '8' is out of range 0–7"),
        ("0 0 * FOO *", "cron expression '0 0 * FOO *': field 4 (month) 'FOO' is not a number or a name such as JAN"),
        ("x * * * *", "cron expression 'x * * * *': field 1 (minute) 'x' is not a number"),
        (
            "*/0 * * * *",
            "cron expression '*/0 * * * *': field 1 (minute) '*/0' has a step that is not a positive number"
        ),
        (
            "0 22-2 * * *",
            "cron expression '0 22-2 * * *': field 2 (hour) '22-2' runs backwards; write it as two ranges (e.g. '22-23,0-2')"
        ),
        (
            "0 12 * * MON-SUN",
            "cron expression '0 12 * * MON-SUN': field 5 (day of week) 'MON-SUN' runs backwards; write it as two ranges (e.g. 'MON-7,0-SUN')"
        ),
        ("0 1,,2 * * *", "cron expression '0 1,,2 * * *': field 2 (hour) '' is not a number"),
        (
            "0 */4 * *",
            "cron expression '0 */4 * *': has 4 fields; write five: minute hour day-of-month month day-of-week (e.g. '0 */4 * * *')"
        ),
        (
            "@reboot",
            "cron expression '@reboot': unknown macro '@reboot'; use @yearly, @monthly, @weekly, @daily or @hourly"
        ),
        ("0 0 30 2 *", "cron expression '0 0 30 2 *': never fires: no month in '2' has day 30"),
        ("0 0 31 4,6,9,11 *", "cron expression '0 0 31 4,6,9,11 *': never fires: no month in '4,6,9,11' has day 31"),
    ])
    func invalidExpressionsNameTheFieldAndValue(text: String, message: String) {
        #expect(throws: CronError.self) { try CronExpression(text) }
        do {
            _ = try CronExpression(text)
        } catch {
            #expect(error.localizedDescription == message)
            #expect(error.kind == .invalidInput)
        }
    }

    @Test func february30IsAcceptedWhenTheWeekdayAlsoSelectsDays() throws {
        // With both day fields restricted a day matching either fires, so this runs every Monday.
        let cron = try CronExpression("0 0 30 2 MON")
        #expect(cron.matches(CivilDate(year: 2026, month: 2, day: 2)))
    }
}
