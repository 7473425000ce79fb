import Foundation
import Testing
@testable import TipCalculator

@Suite("Split bill")
struct SplitBillTests {
    @Test("Each share covers the bill", arguments: [1, 2, 3, 7])
    func shareCoversTotal(people: Int) {
        let calculator = TipCalculator(tipPercent: 18)
        let share = calculator.share(of: 87.45, people: people)
        #expect(share * Double(people) >= calculator.total(for: 87.45))
    }

    @Test func receiptIsAttached() {
        let calculator = TipCalculator(tipPercent: 15)
        let receipt = "subtotal 40.00\ntip 6.00\ntotal 46.00\n"
        #expect(calculator.total(for: 40) == 46)
        Attachment.record(receipt, named: "receipt.txt")
    }

    @Test func unitTestingFlagReachesSwiftTesting() {
        #expect(ProcessInfo.processInfo.environment["IS_UNIT_TESTING"] == "1")
    }
}
