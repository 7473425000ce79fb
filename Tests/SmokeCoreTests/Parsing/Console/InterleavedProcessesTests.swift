import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Two XCTest processes writing into one log at once (`xargs -P2`, `make -j2`): two outermost suites open together.
/// Whose totals are whose cannot be told, but a log in which every outermost suite closes ended.
@Suite struct InterleavedProcessesTests {
    private static func read(_ log: String) -> FrameworkTotalsReader {
        var reader = FrameworkTotalsReader()
        var splitter = LineSplitter()
        splitter.push(Data(log.utf8)) { reader.read($0) }
        splitter.finish { reader.read($0) }
        return reader
    }

    @Test func twoProcessesThatBothCloseEndTheirRuns() {
        let reader = Self.read(
            PipelineLogs.interleaved(
                PipelineLogs.process("MathTests", ["testA", "testB"]), PipelineLogs.process("OtherTests", ["testC"])))
        #expect(reader.interleavedFrameworks == [.xctest])
        #expect(!reader.endsInsideARun)
        #expect(reader.counts(from: "log").isEmpty) // unverified: whose totals are whose is unknown
    }

    /// A process that died without its totals, and the next one that started: no interleaving, the first one is open.
    @Test func aProcessThatDiedBeforeTheNextStartedIsNoInterleaving() {
        let died =
            "Test Suite 'Selected tests' started at x\nTest Suite 'MathTests' started at x\nTest Case 'MathTests.testA' started at x\n"
        let reader = Self.read(died + PipelineLogs.process("OtherTests", ["testC"]))
        #expect(reader.interleavedFrameworks.isEmpty)
        let cut = Self.read(PipelineLogs.interleaved(PipelineLogs.process("MathTests", ["testA"]), died))
        #expect(cut.interleavedFrameworks.isEmpty)
    }

    @Test func twoSwiftTestingRunsThatBothEndEndTheirRuns() {
        let reader = Self.read(
            PipelineLogs.interleaved(
                PipelineLogs.swiftTestingProcess(["adds()"]), PipelineLogs.swiftTestingProcess(["totals()"])))
        #expect(reader.interleavedFrameworks == [.swiftTesting])
        #expect(!reader.endsInsideARun)
    }
}
