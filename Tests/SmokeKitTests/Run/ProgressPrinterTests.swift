import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// The live line on a terminal names the test running now and, while it hangs, its time; a log gets nothing extra.
@Suite struct ProgressPrinterTests {
    /// A clock that moves only when the test moves it.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_795_305_600)
        var now: Date {
            lock.lock()
            defer { lock.unlock() }
            return current
        }
        func advance(_ seconds: Double) {
            lock.lock()
            current += seconds
            lock.unlock()
        }
    }

    static let hanging = "LedgerTests.LedgerXCTests/testHangsForever"
    /// As the line shows it.
    static let shown = "LedgerXCTests/testHangsForever"

    private func printer(terminal: Bool = true, githubActions: Bool = false, clock: Clock, tick: Double = 3_600)
        -> (ProgressPrinter, BufferOutput)
    {
        let output = BufferOutput(isTerminal: terminal)
        let printer = ProgressPrinter(
            output: output, githubActions: githubActions, now: { clock.now }, tickSeconds: tick)
        return (printer, output)
    }

    @Test func aHangingTestIsNamedAtItsStartAndShowsItsTimeOnEachTick() {
        let clock = Clock()
        let (printer, output) = printer(clock: clock)
        defer { printer.clear() }
        printer.finished(
            TestResult(id: "S.A/a", name: "a", suite: "S.A", framework: .xctest, status: .passed), position: 5,
            total: 19)
        printer.started(Self.hanging, position: 6, total: 19)
        #expect(output.text.hasSuffix("\r\u{1B}[2K[6/19] \(Self.shown) …"), "\(output.text.debugDescription)")
        clock.advance(3)
        printer.tick()
        #expect(output.text.hasSuffix("[6/19] \(Self.shown) …"))
        clock.advance(4)
        printer.tick()
        #expect(output.text.hasSuffix("\r\u{1B}[2K[6/19] \(Self.shown) … 7s"), "\(output.text.debugDescription)")
    }

    @Test func onceItFinishesTheLineShowsItsResultAndTicksDrawNothingMore() {
        let clock = Clock()
        let (printer, output) = printer(clock: clock)
        printer.started(Self.hanging, position: 1, total: 1)
        clock.advance(10)
        printer.finished(
            TestResult(id: Self.hanging, name: "testHangsForever", suite: "S", framework: .xctest, status: .timedOut),
            position: 1, total: 1)
        let finished = output.text
        printer.tick()
        #expect(output.text == finished)
        printer.clear()
        #expect(output.text == finished + "\r\u{1B}[2K")
    }

    @Test(arguments: [(false, false), (true, true)])
    func aLogOrGitHubActionsGetsNoLiveLine(terminal: Bool, githubActions: Bool) {
        let clock = Clock()
        let (printer, output) = printer(terminal: terminal, githubActions: githubActions, clock: clock)
        defer { printer.clear() }
        printer.started(Self.hanging, position: 1, total: 1)
        clock.advance(30)
        printer.tick()
        #expect(output.text.isEmpty)
    }

    @Test func aDumbTerminalGetsPlainLinesNeverTheEraseSequence() {
        let clock = Clock()
        let output = BufferOutput(isTerminal: true)
        let printer = ProgressPrinter(
            output: output, githubActions: false, now: { clock.now }, tickSeconds: 3_600, dumbTerminal: true)
        printer.started(Self.hanging, position: 1, total: 2)
        clock.advance(9)
        printer.tick()
        let failed = TestResult(
            id: Self.hanging, name: "testHangsForever", suite: "LedgerXCTests", framework: .xctest, status: .failed)
        printer.finished(failed, position: 1, total: 2)
        printer.status("retrying \(Self.hanging)…")
        printer.clear()
        #expect(!output.text.contains("\r") && !output.text.contains("\u{1B}"), "\(output.text.debugDescription)")
        #expect(output.text.contains("[1/2] \(Self.shown)"), "\(output.text.debugDescription)")
    }

    @Test func aBuildOnATerminalShowsItsElapsedTimeAndSwiftPMsProgress() {
        let clock = Clock()
        let (printer, output) = printer(clock: clock)
        printer.phase(.started("building Ledger (debug)"))
        #expect(output.text.hasSuffix("\r\u{1B}[2Kbuilding Ledger (debug)… 0s"), "\(output.text.debugDescription)")
        clock.advance(75)
        printer.phase(.step("[12/40] Compiling Ledger Entry.swift"))
        #expect(output.text.hasSuffix("building Ledger (debug)… 1m 15s [12/40] Compiling Ledger Entry.swift"))
        clock.advance(2)
        printer.tick()
        #expect(output.text.hasSuffix("building Ledger (debug)… 1m 17s [12/40] Compiling Ledger Entry.swift"))
        clock.advance(3)
        printer.phase(.ended)
        #expect(output.text.hasSuffix("\r\u{1B}[2Ksmokerun: building Ledger (debug)… 1m 20s\n"))
    }

    @Test func aBuildInAPipeSaysSoOnceThenEveryThirtySeconds() {
        let clock = Clock()
        let (printer, output) = printer(terminal: false, clock: clock)
        printer.phase(.started("building Ledger (debug)"))
        for _ in 0..<100 {
            clock.advance(1)
            printer.phase(.step("[1/40] Compiling Ledger Entry.swift"))
            printer.tick()
        }
        printer.phase(.ended)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "smokerun: building Ledger (debug)…",
                "smokerun: building Ledger (debug)… 30s [1/40] Compiling Ledger Entry.swift",
                "smokerun: building Ledger (debug)… 1m 00s [1/40] Compiling Ledger Entry.swift",
                "smokerun: building Ledger (debug)… 1m 30s [1/40] Compiling Ledger Entry.swift",
            ], "\(output.text)")
        #expect(!output.text.contains("\u{1B}"))
    }

    @Test func withWorkersTheLongestRunningTestStaysInView() {
        let clock = Clock()
        let (printer, output) = printer(clock: clock)
        defer { printer.clear() }
        printer.started(Self.hanging, position: 1, total: 3)
        clock.advance(6)
        printer.started("S.B/quick", position: 2, total: 3)
        #expect(output.text.hasSuffix("[1/3] \(Self.shown) … 6s"), "\(output.text.debugDescription)")
    }

    @Test func aTestSaidToStartAgainWhileRunningKeepsItsTime() {
        let clock = Clock()
        let (printer, output) = printer(clock: clock)
        defer { printer.clear() }
        printer.started(Self.hanging, position: 1, total: 2)
        clock.advance(4)
        printer.started("S.B/quick()", position: 2, total: 2)
        printer.finished(
            TestResult(id: "S.B/quick()", name: "quick()", suite: "S.B", framework: .swiftTesting, status: .passed),
            position: 1, total: 2)
        printer.started(Self.hanging, position: 2, total: 2)
        clock.advance(2)
        printer.tick()
        #expect(output.text.hasSuffix("[1/2] \(Self.shown) … 6s"), "\(output.text.debugDescription)")
    }

    @Test func theRealTimerRedrawsWhileATestRunsAndStopsWithTheRun() throws {
        let clock = Clock()
        let (printer, output) = printer(clock: clock, tick: 0.05)
        printer.started(Self.hanging, position: 1, total: 1)
        clock.advance(8)
        // Bounded, with room for a loaded machine: the loop ends at the first beat that shows 8 s.
        let deadline = Date().addingTimeInterval(60)
        while !output.text.hasSuffix("… 8s"), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(output.text.hasSuffix("[1/1] \(Self.shown) … 8s"))
        printer.clear()
        let after = output.text
        Thread.sleep(forTimeInterval: 0.3)
        #expect(output.text == after, "the timer stopped with clear()")
    }
}
