import Foundation

/// A cron expression that cannot be used; the message names the field, the value and the fix.
package struct CronError: LocalizedError, DomainError, Equatable {
    enum Reason: Error, Sendable, Equatable {
        case fieldCount(Int)
        case unknownMacro(String)
        case notANumber(CronField, String)
        case outOfRange(CronField, String)
        case reversedRange(CronField, String)
        case badStep(CronField, String)
        /// Day-of-month values that no selected month has (`0 0 30 2 *`).
        case neverFires(String)
    }

    var expression: String
    var reason: Reason
    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? { "cron expression '\(expression)': \(detail)" }

    private var detail: String {
        switch reason {
        case .fieldCount(let count):
            return
                """
                has \(count) field\(count == 1 ? "" : "s"); write five: minute hour day-of-month month day-of-week \
                (e.g. '0 */4 * * *')
                """
        case .unknownMacro(let macro):
            return "unknown macro '\(macro)'; use @yearly, @monthly, @weekly, @daily or @hourly"
        case .notANumber(let field, let value):
            let names = field.names.isEmpty ? "" : " or a name such as \(field == .month ? "JAN" : "MON")"
            return "\(Self.name(field)) '\(value)' is not a number\(names)"
        case .outOfRange(let field, let value):
            return
                "\(Self.name(field)) '\(value)' is out of range \(field.bounds.lowerBound)–\(field.bounds.upperBound)"
        case .reversedRange(let field, let value):
            // Its own two halves: `22-2` is '22-23,0-2', `MON-SUN` is 'MON-6,0-SUN' (whatever the field).
            let ends = value.split(separator: "-", omittingEmptySubsequences: false)
            let example =
                ends.count == 2 && !value.contains("/")
                ? "\(ends[0])-\(field.bounds.upperBound),\(field.bounds.lowerBound)-\(ends[1])" : "22-23,0-2"
            return "\(Self.name(field)) '\(value)' runs backwards; write it as two ranges (e.g. '\(example)')"
        case .badStep(let field, let value):
            return "\(Self.name(field)) '\(value)' has a step that is not a positive number"
        case .neverFires(let why):
            return "never fires: \(why)"
        }
    }

    private static func name(_ field: CronField) -> String { "field \(field.rawValue) (\(field.label))" }
}
