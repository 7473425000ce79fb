import Foundation

/// One SQLite column value as stored (SQLite is dynamically typed: a column may hold any of these).
package enum XCResultDatabaseValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// One result row, columns by name. Accessors convert loosely (an INTEGER read as a Double, a
/// numeric TEXT as a number) because the schema only declares affinities; absent columns read as nil.
package struct XCResultDatabaseRow: Sendable, Equatable {
    package var values: [String: XCResultDatabaseValue]

    package init(_ values: [String: XCResultDatabaseValue] = [:]) {
        self.values = values
    }

    package func int(_ column: String) -> Int? {
        switch values[column] {
        case .integer(let value): Int(value)
        case .real(let value) where value.isFinite && abs(value) < 9e15: Int(value)
        case .text(let value): Int(value)
        default: nil
        }
    }

    package func double(_ column: String) -> Double? {
        switch values[column] {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .text(let value): Double(value)
        default: nil
        }
    }

    /// Text, or nil for NULL, absent and empty values (the database writes '' for "not set").
    package func text(_ column: String) -> String? {
        switch values[column] {
        case .text(let value): value.isEmpty ? nil : value
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .blob(let data): String(data: data, encoding: .utf8).flatMap { $0.isEmpty ? nil : $0 }
        default: nil
        }
    }

    /// True for a non-zero integer (SQLite has no boolean type).
    func bool(_ column: String) -> Bool { (int(column) ?? 0) != 0 }
}
