import Foundation
import Testing
@testable import Ledger

private let misbehave = ProcessInfo.processInfo.environment["SAMPLER_MISBEHAVE"] == "1"

@Suite struct LedgerSwiftTests {
    @Test func recordsAnEntry() {
        var ledger = Ledger()
        ledger.record(4)
        #expect(ledger.entries == [4])
    }

    @Test func expectsTheWrongBalance() {
        var ledger = Ledger()
        ledger.record(1)
        #expect(ledger.balance == 2)
    }

    @Test(.disabled("waiting for multi-currency support"))
    func convertsCurrency() {}

    @Test func knownRoundingIssue() {
        withKnownIssue("rounding is off by one") {
            #expect(1 + 1 == 3)
        }
    }

    @Test(arguments: [1, 2, 3])
    func balanceIsPositive(amount: Int) {
        var ledger = Ledger()
        ledger.record(amount == 2 ? -amount : amount)
        #expect(ledger.balance > 0)
    }

    @Test func attachesStatement() {
        Attachment.record("balance: 0\n", named: "statement.txt")
        Attachment.record("escape", named: "../../escape.txt")
    }

    @Test func seesUnitTestingFlag() {
        #expect(ProcessInfo.processInfo.environment["IS_UNIT_TESTING"] == "1")
    }
}

@Suite struct LedgerTrapTests {
    @Test func trapsOnBadIndex() {
        guard misbehave else { return }
        _ = Ledger().entry(at: 1)
    }

    @Test func runsAfterTheTrap() {
        #expect(Ledger().balance == 0)
    }

    @Test func hangsForever() async throws {
        guard misbehave else { return }
        try await Task.sleep(for: .seconds(600))
    }
}
