/// A five-field cron expression (`minute hour day-of-month month day-of-week`), parsed and validated.
///
/// Accepts lists, ranges, steps (`*/4`, `5/15`), month and weekday names (0 and 7 both Sunday) and the
/// `@daily`-style macros. When both day fields are restricted, a day matching either fires (the Vixie cron
/// rule: a field starting with `*` counts as unrestricted, so `*/2` does not restrict).
package struct CronExpression: Sendable, Equatable, CustomStringConvertible {
    package let source: String
    let minutes: [Int]
    let hours: [Int]
    let daysOfMonth: Set<Int>
    let months: Set<Int>
    /// 0 = Sunday … 6 = Saturday.
    let daysOfWeek: Set<Int>
    let restrictsDayOfMonth: Bool
    let restrictsDayOfWeek: Bool

    package var description: String { source }

    private static let macros: [String: String] = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
        "@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]

    package init(_ text: String) throws(CronError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        source = trimmed
        var expanded = trimmed
        if trimmed.hasPrefix("@") {
            guard let macro = Self.macros[trimmed.lowercased()] else {
                throw CronError(expression: trimmed, reason: .unknownMacro(trimmed))
            }
            expanded = macro
        }
        let fields = expanded.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else { throw CronError(expression: trimmed, reason: .fieldCount(fields.count)) }
        do {
            minutes = try Self.values(fields[0], .minute).sorted()
            hours = try Self.values(fields[1], .hour).sorted()
            daysOfMonth = try Self.values(fields[2], .dayOfMonth)
            months = try Self.values(fields[3], .month)
            daysOfWeek = Set(try Self.values(fields[4], .dayOfWeek).map { $0 % 7 })
        } catch {
            throw CronError(expression: trimmed, reason: error)
        }
        restrictsDayOfMonth = !fields[2].hasPrefix("*")
        restrictsDayOfWeek = !fields[4].hasPrefix("*")
        if restrictsDayOfMonth, !restrictsDayOfWeek, let reason = Self.impossibleDay(daysOfMonth, months) {
            throw CronError(expression: trimmed, reason: .neverFires(reason))
        }
    }

    /// Whether this expression fires on a calendar day (month, day-of-month and day-of-week rules).
    func matches(_ date: CivilDate) -> Bool {
        guard months.contains(date.month) else { return false }
        let dayOfMonth = daysOfMonth.contains(date.day)
        let dayOfWeek = daysOfWeek.contains(date.weekday)
        if restrictsDayOfMonth && restrictsDayOfWeek { return dayOfMonth || dayOfWeek }
        return dayOfMonth && dayOfWeek
    }

    private static func values(_ text: String, _ field: CronField) throws(CronError.Reason) -> Set<Int> {
        var result = Set<Int>()
        for element in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            result.formUnion(try elementValues(element, field))
        }
        return result
    }

    /// One list element: `*`, `N`, `A-B`, each optionally followed by `/STEP`.
    private static func elementValues(_ element: String, _ field: CronField) throws(CronError.Reason) -> [Int] {
        var rangeText = element
        var step = 1
        if let slash = element.firstIndex(of: "/") {
            rangeText = String(element[..<slash])
            guard let parsed = Int(element[element.index(after: slash)...]), parsed > 0 else {
                throw .badStep(field, element)
            }
            step = parsed
        }
        let lower: Int
        var upper: Int
        if rangeText == "*" {
            (lower, upper) = (field.bounds.lowerBound, field.bounds.upperBound)
            if field == .dayOfWeek { upper = 6 } // 7 is Sunday again; `*` must not count it twice.
        } else if let dash = rangeText.firstIndex(of: "-"), dash != rangeText.startIndex {
            lower = try value(String(rangeText[..<dash]), field)
            upper = try value(String(rangeText[rangeText.index(after: dash)...]), field)
            guard lower <= upper else { throw .reversedRange(field, element) }
        } else {
            lower = try value(rangeText, field)
            // `5/15` means from 5 to the end of the field, stepping by 15.
            upper = element.contains("/") ? field.bounds.upperBound : lower
        }
        return Array(stride(from: lower, through: upper, by: step))
    }

    private static func value(_ text: String, _ field: CronField) throws(CronError.Reason) -> Int {
        if let named = field.names[text.uppercased()] { return named }
        guard !text.isEmpty, text.allSatisfy(\.isASCII), let number = Int(text) else { throw .notANumber(field, text) }
        guard field.bounds.contains(number) else { throw .outOfRange(field, text) }
        return number
    }

    /// Why a day-of-month-only expression can never fire, or nil when some selected month has a selected day.
    private static func impossibleDay(_ days: Set<Int>, _ months: Set<Int>) -> String? {
        let possible = months.contains { month in days.contains { $0 <= CivilDate.daysInMonth(month, year: 2000) } }
        if possible { return nil }
        let dayList = days.sorted().map(String.init).joined(separator: ",")
        let monthList = months.sorted().map(String.init).joined(separator: ",")
        return "no month in '\(monthList)' has day \(dayList)"
    }
}
