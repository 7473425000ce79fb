import Foundation
import XCTest
@testable import Ledger

private let misbehave = ProcessInfo.processInfo.environment["SAMPLER_MISBEHAVE"] == "1"

final class LedgerXCTests: XCTestCase {
    func testBalanceSumsEntries() {
        var ledger = Ledger()
        ledger.record(5)
        ledger.record(7)
        XCTAssertEqual(ledger.balance, 12)
    }

    func testBalanceIsWrong() {
        var ledger = Ledger()
        ledger.record(2)
        print("ledger entries: \(ledger.entries)")
        XCTAssertEqual(ledger.balance, 3, "balance after one entry")
    }

    func testSkippedOnPurpose() throws {
        throw XCTSkip("not on this platform")
    }

    func testReadsPastTheEnd() {
        guard misbehave else { return }
        let ledger = Ledger()
        _ = ledger.entry(at: 3)
    }

    func testRunsAfterTheCrash() {
        XCTAssertEqual(Ledger().balance, 0)
    }

    func testHangsForever() {
        guard misbehave else { return }
        Thread.sleep(forTimeInterval: 600)
    }

    func testSeesUnitTestingFlag() {
        XCTAssertEqual(ProcessInfo.processInfo.environment["IS_UNIT_TESTING"], "1")
    }
}

final class LedgerMoreXCTests: XCTestCase {
    func testEmptyLedgerHasNoEntries() {
        XCTAssertTrue(Ledger().entries.isEmpty)
    }

    func testFatalErrorInHelper() {
        guard misbehave else { return }
        fatalError("ledger corrupted")
    }
}
