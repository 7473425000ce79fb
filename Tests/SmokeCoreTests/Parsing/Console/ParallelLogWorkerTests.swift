import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A parallel xcodebuild log says which clone ran each test (`… passed on 'Clone 2 of iPhone 15 - App (123)'`), and
/// has no `started` lines: a name that appears again ran again.
@Suite struct ParallelLogWorkerTests {
    @Test func eachTestTakesItsClonesNumberAsWorkerAndItsPlaceOnIt() {
        let collector = ParsingTestSupport.collect(
            """
            Test suite 'CartTests' started on 'Clone 1 of iPhone 15 - Shop (4242)'
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Test case 'PriceTests.testRound()' passed on 'Clone 2 of iPhone 15 - Shop (4243)' (0.002 seconds)
            Test case 'CartTests.testEmpty()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.004 seconds)
            Test case 'CartTests.testSerial()' passed on 'My Mac - Shop (77)' (0.001 seconds)
            """)
        #expect(collector.results.map(\.worker) == [1, 2, 1, nil])
        #expect(collector.results.map(\.position) == [1, 1, 2, nil])
    }

    @Test func aNameThatRunsAgainOnAClonesIsATestOfItsOwn() {
        let collector = ParsingTestSupport.collect(
            """
            Test case 'CartTests.testTotal()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Test case 'CartTests.testTotal()' passed on 'Clone 2 of iPhone 15 - Shop (4243)' (0.002 seconds)
            """)
        #expect(collector.results.map(\.id) == ["CartTests/testTotal", "CartTests/testTotal#2"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(collector.results.map(\.durationSeconds) == [0.003, 0.002])
        #expect(collector.results.map(\.worker) == [1, 2])
    }

    @Test func afterXcodebuildRestartedTheRunnerARunAgainIsAnAttempt() throws {
        let collector = ParsingTestSupport.collect(
            """
            Test case 'CartTests.testTotal()' failed on 'Clone 1 of iPhone 15 - Shop (4242)' (0.003 seconds)
            Restarting after unexpected exit, crash, or test timeout in CartTests.testCrash(); summary will include totals from previous launches.
            Test case 'CartTests.testTotal()' passed on 'Clone 1 of iPhone 15 - Shop (4250)' (0.002 seconds)
            """)
        let total = try #require(collector.results.first)
        #expect(collector.results.map(\.id) == ["CartTests/testTotal", "CartTests/testCrash"])
        #expect(total.status == .passed)
        #expect(total.flaky)
        #expect(total.attempts.map(\.status) == [.failed, .passed])
        #expect(total.attempts.map(\.durationSeconds) == [0.003, 0.002])
        #expect(total.durationSeconds == 0.002)
    }

    @Test func theCloneCrossesAnEventBatch() {
        var ref = ParsingTestSupport.xctest("CartTests", "testTotal")
        ref.clone = 3
        var batch = EventBatch()
        batch.take(.testFinished(ref, .passed, durationSeconds: 0.5), line: 1)
        var sink = CollectorSink(collector: ResultCollector())
        batch.replay(into: &sink)
        #expect(sink.collector.results.map(\.worker) == [3])
    }
}
