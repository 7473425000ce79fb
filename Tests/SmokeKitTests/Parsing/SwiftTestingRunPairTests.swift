import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// One Swift Testing run told twice — its console and its event stream — shaped after a real `swift test
/// --experimental-event-stream-output` run (Swift 6.3, Linux): a suite with a nested suite, a display name,
/// a parameterized test with a failing case, a known issue, a disabled test and a free function.
@Suite struct SwiftTestingRunPairTests {
    static let console = """
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ◇ Suite Arithmetic started.
        ◇ Test freeFunction() started.
        ◇ Suite Nested started.
        ◇ Test adds() started.
        ➜ Test off() skipped: "not yet"
        ◇ Test known() started.
        ◇ Test param(x:) started.
        ◇ Test "Display name works" (aka 'named()') started.
        ◇ Test fails() started.
        ✔ Test freeFunction() passed after 0.002 seconds.
        ◇ Test inner() started.
        ━ Test known() recorded a known issue at LibTests.swift:9:43: Expectation failed: (add(1, 1) → 2) == 5
        ◇ Test case passing 1 argument x → 2 to param(x:) started.
        ✘ Test param(x:) recorded an issue with 1 argument x → 3 at LibTests.swift:8:54: Expectation failed: (x → 3) < 3
        ✘ Test fails() recorded an issue at LibTests.swift:7:26: Expectation failed: (add(1, 1) → 2) == 3
        ✔ Test adds() passed after 0.015 seconds.
        ━ Test known() passed after 0.015 seconds with 1 known issue.
        ✘ Test param(x:) with 3 test cases failed after 0.015 seconds with 1 issue.
        ✔ Test "Display name works" (aka 'named()') passed after 0.015 seconds.
        ✘ Test fails() failed after 0.015 seconds with 1 issue.
        ✔ Test inner() passed after 0.014 seconds.
        ✔ Suite Nested passed after 0.018 seconds.
        ✘ Suite Arithmetic failed after 0.019 seconds with 3 issues (including 1 known issue).
        ✘ Test run with 8 tests in 2 suites failed after 0.025 seconds with 3 issues (including 1 known issue).
        """

    static let ids = [
        "adds": "LibTests.Arithmetic/adds()/LibTests.swift:5:6",
        "named": "LibTests.Arithmetic/named()/LibTests.swift:6:6",
        "fails": "LibTests.Arithmetic/fails()/LibTests.swift:7:6",
        "param": "LibTests.Arithmetic/param(x:)/LibTests.swift:8:6",
        "known": "LibTests.Arithmetic/known()/LibTests.swift:9:6",
        "off": "LibTests.Arithmetic/off()/LibTests.swift:10:6",
        "inner": "LibTests.Arithmetic/Nested/inner()/LibTests.swift:12:10",
        "free": "LibTests.freeFunction()/LibTests.swift:16:2",
        "suite": "LibTests.Arithmetic", "nested": "LibTests.Arithmetic/Nested",
    ]

    /// An event record as Swift Testing writes it (ABI v0), with only the fields smokerun reads.
    static func event(
        _ kind: String, _ test: String? = nil, at seconds: Double, _ text: String = "", symbol: String = "default",
        known: Bool? = nil
    ) -> String {
        let testID = test.map { #""testID":"\#(ids[$0]!)","# } ?? ""
        let issue =
            known.map {
                #","issue":{"isKnown":\#($0),"sourceLocation":{"fileID":"LibTests/LibTests.swift","line":9,"column":43}}"#
            } ?? ""
        return
            #"{"kind":"event","payload":{"kind":"\#(kind)",\#(testID)"instant":{"absolute":\#(seconds),"since1970":\#(1_795_471_047 + seconds)},"messages":[{"symbol":"\#(symbol)","text":"\#(text)"}]\#(issue)},"version":0}"#
    }

    static let eventStream = [
        event("runStarted", at: 0.289, "Test run started."),
        event("testStarted", "suite", at: 0.295), event("testStarted", "free", at: 0.295),
        event("testStarted", "nested", at: 0.295),
        event("testStarted", "adds", at: 0.296),
        event("testSkipped", "off", at: 0.296, #"Test off() skipped: \"not yet\""#, symbol: "skip"),
        event("testStarted", "known", at: 0.296), event("testStarted", "param", at: 0.296),
        event("testStarted", "named", at: 0.296),
        event("testStarted", "fails", at: 0.296),
        event("testEnded", "free", at: 0.297, "Test freeFunction() passed after 0.002 seconds.", symbol: "pass"),
        event("testStarted", "inner", at: 0.297),
        event(
            "issueRecorded", "known", at: 0.298, "Expectation failed: (add(1, 1) → 2) == 5", symbol: "expectedFailure",
            known: true),
        event("testCaseStarted", "param", at: 0.298), event("testCaseEnded", "param", at: 0.299),
        event("issueRecorded", "param", at: 0.300, "Expectation failed: (x → 3) < 3", symbol: "fail", known: false),
        event(
            "issueRecorded", "fails", at: 0.300, "Expectation failed: (add(1, 1) → 2) == 3", symbol: "fail",
            known: false),
        event("testEnded", "adds", at: 0.311, "Test adds() passed after 0.015 seconds.", symbol: "pass"),
        event(
            "testEnded", "known", at: 0.311, "Test known() passed after 0.015 seconds with 1 known issue.",
            symbol: "passWithKnownIssue"),
        event(
            "testEnded", "named", at: 0.311, #"Test \"Display name works\" passed after 0.015 seconds."#, symbol: "pass"
        ),
        event(
            "testEnded", "param", at: 0.311,
            "Test param(x:) with 3 test cases failed after 0.015 seconds with 1 issue.", symbol: "fail"),
        event("testEnded", "fails", at: 0.311, "Test fails() failed after 0.015 seconds with 1 issue.", symbol: "fail"),
        event("testEnded", "inner", at: 0.311, "Test inner() passed after 0.014 seconds.", symbol: "pass"),
        event("testEnded", "nested", at: 0.313, "Suite Nested passed after 0.018 seconds.", symbol: "pass"),
        event(
            "testEnded", "suite", at: 0.314,
            "Suite Arithmetic failed after 0.019 seconds with 3 issues (including 1 known issue).", symbol: "fail"),
        event(
            "runEnded", at: 0.315,
            "Test run with 8 tests in 2 suites failed after 0.025 seconds with 3 issues (including 1 known issue).",
            symbol: "fail"),
    ].joined(separator: "\n")

    private func file(_ text: String, _ name: String) throws -> URL {
        try ParsingTestSupport.temporaryFile(Data(text.utf8), name: name)
    }

    @Test func consoleIdsAreTheEventStreamIdsAsFarAsTheConsoleShowsThem() throws {
        let fromConsole = try LogParser().parse(files: [file(Self.console, "console.txt")])
        let fromStream = try LogParser().parse(files: [file(Self.eventStream, "events.jsonl")])
        #expect(fromConsole.unrecognizedLineCount == 0)
        #expect(fromStream.results.count == 8)
        // The console names a test by its function (the display name's `aka` in verbose output) and nothing above it:
        // its id is the event stream's id without module and suites; names and statuses are the same.
        let streamByName = Dictionary(uniqueKeysWithValues: fromStream.results.map { ($0.name, $0) })
        #expect(Set(fromConsole.results.map(\.name)) == Set(streamByName.keys))
        for test in fromConsole.results {
            let twin = try #require(streamByName[test.name])
            #expect(twin.id.hasSuffix("/" + test.id), "console \(test.id) vs event stream \(twin.id)")
            #expect(test.status == twin.status, "\(test.id)")
            #expect(test.framework == .swiftTesting)
        }
        #expect(streamByName["named()"]?.id == "LibTests.Arithmetic/named()")
        // A free function's stream id is `LibTests.freeFunction()/…`: a test, named as the bundle readers name it.
        #expect(streamByName["freeFunction()"]?.id == "LibTests/freeFunction()")
        #expect(streamByName["known()"]?.status == .expectedFailure)
        #expect(streamByName["param(x:)"]?.status == .failed)
        #expect(streamByName["off()"]?.status == .skipped)
        #expect(fromConsole.reconciliation?.agrees == true)
        #expect(fromStream.reconciliation?.agrees == true)
    }

    @Test func aLogAndTheEventStreamOfTheSameRunCountEachTestOnce() throws {
        let console = try file(Self.console, "console.txt")
        let stream = try file(Self.eventStream, "events.jsonl")
        for files in [[console, stream], [stream, console]] {
            let parsed = try LogParser().parse(files: files)
            // The event stream wins: its ids, each test once, and its totals counted once.
            #expect(parsed.results.count == 8)
            #expect(
                parsed.results.allSatisfy {
                    $0.id.hasPrefix("LibTests.Arithmetic/") || $0.id == "LibTests/freeFunction()"
                })
            #expect(parsed.frameworkCounts.map(\.tests) == [8])
            #expect(parsed.reconciliation?.agrees == true)
            #expect(parsed.unrecognizedLineCount == 0)
            // When the run ran is the event stream's, not the console's totals added on top.
            let duration = try #require(parsed.times.durationSeconds)
            #expect(abs(duration - 0.026) < 0.001)
        }
    }

    /// The run's Swift Testing process crashed in `fails()`: the console shows the crash, the stream only that the test
    /// started. Either order, the test is crashed with the console's fatal error, and the other results stand.
    @Test func aCrashTheConsoleShowsEndsTheStreamsRunningTest() throws {
        let consoleLines = Self.console.split(separator: "\n").map(String.init)
        let cut = try #require(consoleLines.firstIndex { $0.hasPrefix("✘ Test fails() recorded") })
        let crashed =
            (consoleLines[..<cut] + ["Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range"])
            .joined(separator: "\n")
        let streamLines = Self.eventStream.split(separator: "\n").map(String.init)
        let streamCut = try #require(
            streamLines.firstIndex { $0.contains(#""kind":"issueRecorded","testID":"\#(Self.ids["fails"]!)"#) })
        let console = try file(crashed, "console.txt")
        let stream = try file(streamLines[..<streamCut].joined(separator: "\n"), "events.jsonl")
        for files in [[console, stream], [stream, console]] {
            let parsed = try LogParser().parse(files: files)
            let fails = try #require(parsed.results.first { $0.name == "fails()" })
            #expect(fails.status == .crashed)
            #expect(fails.failures.map(\.message) == ["Index out of range"])
            #expect(fails.evidence?.source == "console.txt")
            #expect(parsed.results.first { $0.name == "freeFunction()" }?.status == .passed)
            #expect(parsed.runFailures.isEmpty)
        }
    }

    /// The console's `↳` lines under a Swift Testing issue are that issue's, which the stream carries: read beside the
    /// stream they never continue the last XCTest failure's message, which came before them in the log.
    @Test func aConsoleDetailBesideTheStreamStaysOffTheXCTestFailure() throws {
        let xctest = """
            Test Suite 'All tests' started at 2026-11-28 10:00:00.000
            Test Case 'XTests.testFails' started at 2026-11-28 10:00:00.001
            /src/Tests/XTests/XTests.swift:3: error: XTests.testFails : failed - boom
            Test Case 'XTests.testFails' failed (0.001 seconds)
            Test Suite 'All tests' failed at 2026-11-28 10:00:00.002
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds

            """
        let swiftTesting = Self.console.replacingOccurrences(
            of: "(add(1, 1) → 2) == 3\n", with: "(add(1, 1) → 2) == 3\n↳ tracked elsewhere\n")
        #expect(swiftTesting.contains("↳ tracked elsewhere"))
        let console = try file(xctest + swiftTesting, "console.txt")
        let stream = try file(Self.eventStream, "events.jsonl")
        for files in [[console, stream], [stream, console]] {
            let parsed = try LogParser().parse(files: files)
            let failing = try #require(parsed.results.first { $0.id == "XTests/testFails" })
            #expect(failing.failures.map(\.message) == ["failed - boom"])
            #expect(parsed.results.count == 9)
        }
    }
}
