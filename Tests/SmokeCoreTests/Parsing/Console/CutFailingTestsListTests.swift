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

    /// With a failure shown, the list's other names are said, not added; a name the lines spell another way (a display
    /// name) is the shown test.
    @Test func besideAShownFailureListedNamesWithoutAResultAreSaid() {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        let lines = [
            "◇ Test \"Test 3\" started.", "✘ Test \"Test 3\" failed after 0.001 seconds with 1 issue.",
            "Failing tests:", "\tSomeTests.test3()", "\tSuperTests.someFailingTest()", "** TEST EXECUTE FAILED **",
        ]
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        collector.finishListedFailures()
        #expect(collector.results.count == 1)
        #expect(
            collector.listedWithoutResult
                == ListedWithoutResult(listed: 2, shownFailing: 1, names: ["SuperTests.someFailingTest"]))
    }

    /// A list naming no more tests than the input shows failing is the shown failures, however it spells them (a
    /// display name the list does not use).
    @Test func aListNoLongerThanTheShownFailuresIsThem() {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        let lines = [
            "◇ Test \"Three equals three\" started.",
            "✘ Test \"Three equals three\" failed after 0.001 seconds with 1 issue.", "Failing tests:",
            "\tSomeTests.test3()", "** TEST EXECUTE FAILED **",
        ]
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        collector.finishListedFailures()
        #expect(collector.listedWithoutResult == nil)
    }

    /// xcodebuild lists a parameterized test once per failing argument: one test, which the input shows failing.
    @Test func aTestListedOncePerFailingArgumentIsOneTest() {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        let lines = [
            "◇ Test checkEnv(request:expected:) started.",
            "✘ Test checkEnv(request:expected:) failed after 0.011 seconds with 2 issues.", "Failing tests:",
            "\tcheckEnv(request:expected:)", "\tcheckEnv(request:expected:)", "** TEST EXECUTE FAILED **",
        ]
        for line in lines {
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        collector.finishListedFailures()
        #expect(collector.results.count == 1)
        #expect(collector.listedWithoutResult == nil)
    }
}
