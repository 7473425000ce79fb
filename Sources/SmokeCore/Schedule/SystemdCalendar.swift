/// Translates a cron expression into systemd `OnCalendar=` values. systemd requires both day fields to match,
/// so cron's "either restricted day field" rule becomes two lines.
package enum SystemdCalendar {
    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    package static func onCalendar(_ cron: CronExpression, timeZone: String) -> [String] {
        let month = component(cron.months.sorted(), in: 1...12)
        let time = component(cron.hours, in: 0...23) + ":" + component(cron.minutes, in: 0...59) + ":00"
        let days = component(cron.daysOfMonth.sorted(), in: 1...31)
        let weekdays = weekdayList(cron.daysOfWeek.sorted())
        let zone = " " + timeZone
        switch (cron.restrictsDayOfMonth, cron.restrictsDayOfWeek) {
        case (true, true):
            return ["*-\(month)-\(days) \(time)\(zone)", "\(weekdays) *-\(month)-* \(time)\(zone)"]
        case (false, true):
            return ["\(weekdays) *-\(month)-\(days) \(time)\(zone)"]
        default:
            // An unrestricted weekday field (`*`, `*/2`) still filters when it is a step.
            let prefix = cron.daysOfWeek.count == 7 ? "" : "\(weekdays) "
            return ["\(prefix)*-\(month)-\(days) \(time)\(zone)"]
        }
    }

    /// `*`, `00/4`, or a list of values and `a..b` ranges, two digits each.
    static func component(_ values: [Int], in bounds: ClosedRange<Int>) -> String {
        if values == Array(bounds) { return "*" }
        if values.count > 2, let step = progressionStep(values), values.last! + step > bounds.upperBound {
            return "\(two(values[0]))/\(step)"
        }
        return runs(values).map {
            $0.count >= 3 ? "\(two($0.first!))..\(two($0.last!))" : $0.map(two).joined(separator: ",")
        }
        .joined(separator: ",")
    }

    private static func weekdayList(_ days: [Int]) -> String {
        runs(days).map {
            $0.count >= 3
                ? "\(weekdayNames[$0.first!])..\(weekdayNames[$0.last!])"
                : $0.map { weekdayNames[$0] }.joined(separator: ",")
        }
        .joined(separator: ",")
    }

    /// The common difference when `values` is an arithmetic progression with a step above one.
    private static func progressionStep(_ values: [Int]) -> Int? {
        let step = values[1] - values[0]
        guard step > 1, zip(values, values.dropFirst()).allSatisfy({ $1 - $0 == step }) else { return nil }
        return step
    }

    private static func runs(_ values: [Int]) -> [[Int]] {
        var result: [[Int]] = []
        for value in values {
            if let last = result.last?.last, last + 1 == value {
                result[result.count - 1].append(value)
            } else {
                result.append([value])
            }
        }
        return result
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
