import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The live progress line: one line, whatever the test's name holds.
@Suite struct ProgressLineTests {
    @Test(arguments: HostileText.samples)
    func theProgressLineShowsControlsEscaped(name: String) {
        let test = NotifyFixtures.failing("App.Suite\(name)/t\(name)")
        let line = ProgressLine.render(test, position: 1, total: 2, width: 400)
        #expect(HostileText.controls(in: line).isEmpty, "\(line.debugDescription)")
        #expect(!line.contains("\n"))
    }

    static let start = Date(timeIntervalSince1970: 1_795_305_600)

    @Test func theLineNamesTheRunningTestFromItsStartAndItsTimeOnceItRunsAWhile() {
        let running = ProgressLine.Running(
            id: "LedgerTests.LedgerXCTests/testHangsForever", position: 6, total: 19, startedAt: Self.start)
        // A test clock: the moments are given, nothing sleeps. Named as the finished line names it: no module.
        let at = { (seconds: Double) in running.line(at: Self.start.addingTimeInterval(seconds), width: 80) }
        #expect(at(0) == "[6/19] LedgerXCTests/testHangsForever …")
        #expect(at(4.9) == "[6/19] LedgerXCTests/testHangsForever …")
        #expect(at(5) == "[6/19] LedgerXCTests/testHangsForever … 5s")
        #expect(at(125.7) == "[6/19] LedgerXCTests/testHangsForever … 2m 05s")
        #expect(at(3_725) == "[6/19] LedgerXCTests/testHangsForever … 1h 02m")
    }

    @Test func aLongRunningNameIsShortenedFromTheLeftAndKeepsItsTime() {
        let running = ProgressLine.Running(
            id: "Module.Suite/" + String(repeating: "x", count: 100), position: 1, total: 2, startedAt: Self.start)
        let line = running.line(at: Self.start.addingTimeInterval(9), width: 40)
        #expect(line.count == 40 && line.hasPrefix("[1/2] …") && line.hasSuffix("x … 9s"), "\(line)")
    }
}
