/// One of the five fields of a cron expression, with its bounds and the names it accepts.
enum CronField: Int, Sendable, CaseIterable {
    case minute = 1
    case hour, dayOfMonth, month, dayOfWeek

    /// How messages name the field: `field 2 (hour)`.
    var label: String {
        switch self {
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day of month"
        case .month: "month"
        case .dayOfWeek: "day of week"
        }
    }

    /// The values a field may hold; day of week takes 0–7, where 0 and 7 are both Sunday.
    var bounds: ClosedRange<Int> {
        switch self {
        case .minute: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek: 0...7
        }
    }

    /// Three-letter names accepted in place of numbers, upper-cased.
    var names: [String: Int] {
        switch self {
        case .month:
            let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
            return Dictionary(uniqueKeysWithValues: months.enumerated().map { ($1, $0 + 1) })
        case .dayOfWeek:
            let days = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]
            return Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        default:
            return [:]
        }
    }
}
