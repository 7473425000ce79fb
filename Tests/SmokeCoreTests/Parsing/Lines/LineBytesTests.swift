import Foundation
import Testing

@testable import SmokeCore

/// The byte helpers the console rules read numbers and names with.
@Suite struct LineBytesTests {
    private func decimal(_ text: String) -> (value: Double, end: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { $0.decimal(from: 0) }
    }

    /// A duration is the number the log wrote: what `Double("0.051")` gives, never a sum of tenths that drifted.
    @Test(arguments: [
        "0.051", "0.1", "0.3", "0.007", "1.5", "12", "12.", "0.000", "123.456789", "0.0000012345", "86399.999",
        "0.30000000000000004", "12345678901234567890.5", "1.00000000000000000001", "007.25",
    ])
    func aDecimalIsTheNearestDoubleToWhatWasWritten(text: String) throws {
        let parsed = try #require(decimal(text))
        let expected = try #require(Double(text.hasSuffix(".") ? text + "0" : text))
        #expect(parsed.value == expected, "\(text) read as \(parsed.value)")
        #expect(parsed.end == text.utf8.count)
    }

    @Test func aDecimalStopsAtTheFirstByteThatIsNotPartOfIt() throws {
        let parsed = try #require(decimal("0.051 seconds)"))
        #expect(parsed.value == 0.051 && parsed.end == 5)
        #expect(decimal(" 1.0") == nil)
        #expect(decimal("seconds") == nil)
        #expect(try #require(decimal("1.2.3")).value == 1.2)
    }
}
