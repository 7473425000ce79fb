import Testing

@testable import SmokeCore

@Suite struct CivilDateTests {
    @Test func dayNumbersRoundTripAcrossCenturiesAndLeapDays() {
        for dayNumber in stride(from: -800_000, through: 800_000, by: 997) {
            let date = CivilDate(dayNumber: dayNumber)
            #expect(date.dayNumber == dayNumber)
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(
            CivilDate(year: 2028, month: 2, day: 29).dayNumber + 1 == CivilDate(year: 2028, month: 3, day: 1).dayNumber)
    }

    @Test func weekdaysCountFromSunday() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == 4)
        #expect(CivilDate(year: 2026, month: 3, day: 8).weekday == 0)
        #expect(CivilDate(year: 1969, month: 12, day: 31).weekday == 3)
    }

    @Test func monthLengthsFollowTheGregorianLeapRule() {
        #expect(CivilDate.daysInMonth(2, year: 2028) == 29)
        #expect(CivilDate.daysInMonth(2, year: 2100) == 28)
        #expect(CivilDate.daysInMonth(2, year: 2000) == 29)
        #expect(CivilDate.daysInMonth(4, year: 2026) == 30)
    }
}
