/// Translates a cron expression into launchd `StartCalendarInterval` dictionaries.
///
/// launchd fires when every key of one dictionary matches, so restricted fields become the product of their
/// values and the day-of-month/day-of-week OR rule becomes two sets. Unrestricted fields are left out.
package enum LaunchdCalendar {
    /// More dictionaries than this are not worth pasting; use `smokerun schedule` under launchd instead.
    package static let limit = 500

    /// The dictionaries (in launchd key order), or nil when there would be more than `limit`.
    package static func intervals(_ cron: CronExpression) -> [[(key: String, value: Int)]]? {
        let minute = restricted("Minute", cron.minutes, full: 60)
        let hour = restricted("Hour", cron.hours, full: 24)
        let month = restricted("Month", cron.months.sorted(), full: 12)
        let day = restricted("Day", cron.daysOfMonth.sorted(), full: 31)
        let weekday = restricted("Weekday", cron.daysOfWeek.sorted(), full: 7)
        let dayChoices: [[[(key: String, value: Int)]]]
        if cron.restrictsDayOfMonth && cron.restrictsDayOfWeek {
            dayChoices = [[day], [weekday]].map { $0.compactMap { $0 } }
        } else {
            dayChoices = [[day, weekday].compactMap { $0 }]
        }
        var result: [[(key: String, value: Int)]] = []
        for days in dayChoices {
            let fields = [month].compactMap { $0 } + days + [hour, minute].compactMap { $0 }
            let count = fields.reduce(1) { $0 * $1.count }
            guard result.count + count <= limit else { return nil }
            result += product(fields)
        }
        return result
    }

    private static func restricted(_ key: String, _ values: [Int], full: Int) -> [(key: String, value: Int)]? {
        values.count == full ? nil : values.map { (key, $0) }
    }

    private static func product(_ fields: [[(key: String, value: Int)]]) -> [[(key: String, value: Int)]] {
        fields.reduce([[]]) { partial, field in partial.flatMap { prefix in field.map { prefix + [$0] } } }
    }
}
