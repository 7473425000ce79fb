import Testing

@testable import SmokeCore

/// The `Failing tests:` list of a log cut short: its last name broken off mid-line is no test.
@Suite struct CutFailingTestsListTests {
    @Test func aNameWithoutItsClosingParenthesisOrBracketIsNotATest() {
        for cut in ["\t\tTest1.tes", "\t\tTest1.testSomething(", "\t-[CartTests testTot", "\t\tSuiteB/checks("] {
            var parser = ConsoleParser()
            var collector = ResultCollector()
            let lines = ["Failing tests:", "\tFoo-UI-Tests:", cut]
            for line in lines {
                Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
                while let deferred = parser.takeDeferred() { collector.apply(deferred) }
            }
            collector.finishListedFailures()
            #expect(collector.results.isEmpty, "\(cut)")
        }
    }

    /// Xcode 8 and 9 listed failing tests without the tab: the name is still a failing test, the list's heading
    /// still open.
    @Test func anUnindentedListedNameIsAFailingTest() {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        for line in ["Failing tests:", "-[AppTests testLogin()]", "-[AppTests testLogout]", "** TEST FAILED **"] {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        collector.finishListedFailures()
        #expect(collector.results.map(\.id) == ["AppTests/testLogin", "AppTests/testLogout"])
        #expect(collector.results.allSatisfy { $0.status == .failed })
    }
}
