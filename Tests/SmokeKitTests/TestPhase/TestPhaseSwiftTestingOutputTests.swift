import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// What a Swift Testing test prints reaches the console in order with the console's own lines, while the event
/// stream is written apart and may have ended that test already: the printed line is that test's output, never the
/// next test's, never dropped.
@Suite struct TestPhaseSwiftTestingOutputTests {
    static func id(_ name: String) -> String { "ShopTests.Cart/\(name)/Cart.swift:5:6" }

    static func records(_ name: String, passed: Bool) -> [String] {
        var records = [#"{"kind":"testStarted","testID":"\#(id(name))","messages":[]}"#]
        if !passed {
            records.append(
                #"{"kind":"issueRecorded","testID":"\#(id(name))","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed"}]}"#
            )
        }
        let (symbol, verb) = passed ? ("pass", "passed") : ("fail", "failed")
        records.append(
            #"{"kind":"testEnded","testID":"\#(id(name))","messages":[{"symbol":"\#(symbol)","text":"Test \#(name) \#(verb) after 0.001 seconds."}]}"#
        )
        return records
    }

    @Test func aPrintedLineIsTheOutputOfTheTestTheConsoleShowsRunning() throws {
        // `glued()` prints without a line end: its result line is glued to what it printed.
        let names = ["prints()", "failsAfterPrint()", "quiet()", "glued()"]
        let listed = names.map { TestCase(id: "ShopTests.Cart/\($0)", framework: .swiftTesting) }
        let plan = TestPhasePlan(selected: listed, batches: [TestBatch(framework: .swiftTesting, tests: listed)])
        let stream =
            [#"{"kind":"runStarted","messages":[]}"#] + Self.records("prints()", passed: true)
            + Self.records("failsAfterPrint()", passed: false) + Self.records("quiet()", passed: true)
            + Self.records("glued()", passed: true)
        let console = """
            ◇ Test run started.
            ◇ Test prints() started.
            PRINTED-BY-prints
            ✔ Test prints() passed after 0.001 seconds.
            ◇ Test failsAfterPrint() started.
            PRINTED-BY-failsAfterPrint
            ✘ Test failsAfterPrint() recorded an issue at Cart.swift:9:5: Expectation failed
            ✘ Test failsAfterPrint() failed after 0.001 seconds with 1 issue.
            ◇ Test quiet() started.
            ✔ Test quiet() passed after 0.001 seconds.
            ◇ Test glued() started.
            PRINTED-BY-glued✔ Test glued() passed after 0.001 seconds.

            """
        // The stream has every record before the console's first byte arrives.
        let run = try TestPhaseLoopTests().run(
            [.init(steps: [.stream(stream), .print(console)], ending: .exit(1))], plan: plan)

        #expect(run.result.tests.map(\.status) == [.passed, .failed, .passed, .passed])
        #expect(
            run.result.tests.map(\.output) == [
                ["PRINTED-BY-prints"], ["PRINTED-BY-failsAfterPrint"], [], ["PRINTED-BY-glued"],
            ])
    }
}
