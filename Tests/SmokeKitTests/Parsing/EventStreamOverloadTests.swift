import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Swift Testing overloads in an event stream: one name, an id each.
@Suite struct EventStreamOverloadTests {
    private typealias Support = ParsingTestSupport

    private func events(_ payloads: [String]) -> String {
        payloads.map { #"{"kind":"event","version":0,"payload":"# + $0 + "}" }.joined(separator: "\n") + "\n"
    }

    /// Overloads share a name (`m(_:)`), never an event-stream id: each is its own test, whichever order they end
    /// in; a second process's run of the same id is that test's next attempt. The first that ended failed.
    @Test func overloadsInAnEventStreamAreTestsOfTheirOwn() throws {
        let (int, string) = ("ATests.Members/m(_:)/A.swift:9:6", "ATests.Members/m(_:)/A.swift:10:6")
        func run(_ id: String, _ symbol: String, _ verb: String) -> [String] {
            [
                #"{"kind":"testStarted","testID":"\#(id)","messages":[]}"#,
                #"{"kind":"testEnded","testID":"\#(id)","messages":[{"symbol":"\#(symbol)","text":"Test m(_:) \#(verb) after 0.001 seconds."}]}"#,
            ]
        }
        let failure =
            #"{"kind":"issueRecorded","testID":"\#(string)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed: (s → \"z\") == \"y\""}]}"#
        var stream: [String] = [#"{"kind":"runStarted","messages":[]}"#]
        stream += run(string, "fail", "failed").prefix(1)
        stream.append(failure)
        stream += run(string, "fail", "failed").suffix(1)
        stream += run(int, "pass", "passed")
        stream += run(string, "pass", "passed")
        stream.append(#"{"kind":"runEnded","messages":[]}"#)
        let parsed = try LogParser().parse(files: [Support.temporaryFile(Data(events(stream).utf8), name: "e.jsonl")])
        #expect(parsed.results.map(\.id) == ["ATests.Members/m(_:)", "ATests.Members/m(_:)#2"])
        #expect(parsed.results.map(\.status) == [TestStatus.passed, .passed])
        #expect(parsed.results.map(\.flaky) == [true, false])
        #expect(parsed.results.first?.attempts.first?.status == .failed)
    }

    /// A disabled overload is skipped without a start: its skip is its own, never its failing twin's result.
    @Test func aSkippedOverloadLeavesItsFailingTwinFailed() throws {
        let (int, string) = ("ATests.Members/m(_:)/A.swift:9:6", "ATests.Members/m(_:)/A.swift:10:6")
        let stream: [String] = [
            #"{"kind":"runStarted","messages":[]}"#,
            #"{"kind":"testStarted","testID":"\#(int)","messages":[]}"#,
            #"{"kind":"issueRecorded","testID":"\#(int)","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed"}]}"#,
            #"{"kind":"testEnded","testID":"\#(int)","messages":[{"symbol":"fail","text":"Test m(_:) failed after 0.001 seconds with 1 issue."}]}"#,
            #"{"kind":"testSkipped","testID":"\#(string)","messages":[{"symbol":"skip","text":"Test m(_:) skipped."}]}"#,
            #"{"kind":"runEnded","messages":[]}"#,
        ]
        let parsed = try LogParser().parse(files: [Support.temporaryFile(Data(events(stream).utf8), name: "e.jsonl")])
        #expect(parsed.results.map(\.id) == ["ATests.Members/m(_:)", "ATests.Members/m(_:)#2"])
        #expect(parsed.results.map(\.status) == [TestStatus.failed, .skipped])
    }
}
