import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// Numbers an input records are untrusted: a test that took 99999999999999999999 seconds, an instant of 1e300, a
/// report.json duration of 1e308. Every reader keeps such a number as unknown (or clamped), and every writer takes
/// whatever the model holds without trapping.
@Suite struct ExtremeNumberTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var text: String
        var testDescription: String { name }
    }

    static let inputs: [Input] = [
        Input(
            name: "XCTest console, Linux form", file: "linux.log",
            text: """
                Test Suite 'All tests' started at 2025-03-01 12:00:00.000
                Test Suite 'CartTests' started at 2025-03-01 12:00:00.000
                Test Case 'CartTests.testTotal' started at 2025-03-01 12:00:00.000
                Test Case 'CartTests.testTotal' passed (99999999999999999999 seconds)
                Test Case 'CartTests.testEmpty' started at 2025-03-01 12:00:00.000
                /src/CartTests.swift:3: error: CartTests.testEmpty : XCTAssertTrue failed
                Test Case 'CartTests.testEmpty' failed (1e300 seconds)
                Test Suite 'CartTests' failed at 2025-03-01 12:00:01.000
                \t Executed 2 tests, with 1 failure (0 unexpected) in 99999999999999999999 (1e308) seconds
                Test Suite 'All tests' failed at 2025-03-01 12:00:01.000
                \t Executed 2 tests, with 1 failure (0 unexpected) in 99999999999999999999 (1e308) seconds

                """),
        Input(
            name: "XCTest console, Apple form", file: "apple.log",
            text: """
                Test Suite 'All tests' started at 2025-03-01 12:00:00.000
                Test Case '-[ShopTests.CartTests testTotal]' started.
                Test Case '-[ShopTests.CartTests testTotal]' passed (99999999999999999999 seconds).
                Test Case '-[ShopTests.CartTests testEmpty]' started.
                /src/CartTests.swift:3: error: -[ShopTests.CartTests testEmpty] : XCTAssertTrue failed
                Test Case '-[ShopTests.CartTests testEmpty]' failed (99999999999999999999.5 seconds).
                \t Executed 2 tests, with 1 failure (0 unexpected) in 99999999999999999999 (99999999999999999999) seconds

                """),
        Input(
            name: "Swift Testing console", file: "swift-testing.log",
            text: """
                ◇ Test run started.
                ◇ Test total() started.
                ✔ Test total() passed after 1e300 seconds.
                ◇ Test empty() started.
                ✘ Test empty() recorded an issue at CartTests.swift:3:5: Expectation failed
                ✘ Test empty() failed after 99999999999999999999.000 seconds with 1 issue.
                ✘ Test run with 2 tests failed after 99999999999999999999.000 seconds with 1 issue.

                """),
        Input(
            name: "Swift Testing event stream", file: "events.jsonl",
            text: [
                #"{"kind":"runStarted","instant":{"absolute":-1e300,"since1970":-1e300},"messages":[]}"#,
                #"{"kind":"testStarted","instant":{"absolute":-1e308,"since1970":-1e308},"testID":"Shop.Cart/total()/Cart.swift:3:5","messages":[]}"#,
                #"{"kind":"testEnded","instant":{"absolute":1e308,"since1970":1e308},"testID":"Shop.Cart/total()/Cart.swift:3:5","messages":[]}"#,
                #"{"kind":"testStarted","instant":{"absolute":1,"since1970":1},"testID":"Shop.Cart/empty()/Cart.swift:9:5","messages":[]}"#,
                #"{"kind":"issueRecorded","instant":{"absolute":1,"since1970":1},"testID":"Shop.Cart/empty()/Cart.swift:9:5","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"Expectation failed"}]}"#,
                #"{"kind":"testEnded","instant":{"absolute":2,"since1970":2},"testID":"Shop.Cart/empty()/Cart.swift:9:5","messages":[{"symbol":"fail","text":"Test empty() failed after 1e300 seconds with 1 issue."}]}"#,
                #"{"kind":"runEnded","instant":{"absolute":1e300,"since1970":1e300},"messages":[]}"#,
            ].map { #"{"kind":"event","version":0,"payload":"# + $0 + "}" }.joined(separator: "\n") + "\n"),
        Input(
            name: "xcresulttool get test-results tests", file: "tests.json",
            text: """
                {
                  "devices" : [ { "deviceName" : "iPhone 15", "osVersion" : "17.5", "platform" : "iOS Simulator" } ],
                  "testNodes" : [ { "name" : "Shop", "nodeType" : "Test Plan", "result" : "Failed", "durationInSeconds" : 1e308, "children" : [
                    { "name" : "ShopTests", "nodeType" : "Unit test bundle", "result" : "Failed", "durationInSeconds" : -1e308, "children" : [
                      { "name" : "CartTests", "nodeType" : "Test Suite", "result" : "Failed", "children" : [
                        { "name" : "testEmpty()", "nodeIdentifier" : "CartTests/testEmpty()", "nodeType" : "Test Case",
                          "result" : "Failed", "durationInSeconds" : 1e308, "children" : [
                          { "name" : "CartTests.swift:3: XCTAssertTrue failed", "nodeType" : "Failure Message", "result" : "Failed" } ] },
                        { "name" : "testTotal()", "nodeIdentifier" : "CartTests/testTotal()", "nodeType" : "Test Case",
                          "result" : "Passed", "duration" : "99999999999999999999h" }
                      ] } ] } ] } ]
                }
                """),
    ]

    /// A believable number of seconds for anything a report times: finite, not negative, under a year.
    private static func isBelievable(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= 366 * 86_400
    }

    /// Dates report.json can write and read back: four-digit years after 1970.
    private static func isBelievable(_ date: Date) -> Bool {
        (0...253_402_300_799).contains(date.timeIntervalSince1970)
    }

    private static func expectBelievable(_ report: RunReport, _ comment: Comment) {
        #expect(isBelievable(report.durationSeconds), comment)
        #expect(isBelievable(report.startedAt) && isBelievable(report.finishedAt), comment)
        for test in report.tests {
            #expect(isBelievable(test.durationSeconds), "\(test.id): \(comment)")
            for attempt in test.attempts { #expect(isBelievable(attempt.durationSeconds), "\(test.id): \(comment)") }
        }
    }

    private func runDirectory(in output: URL) throws -> URL {
        let runs = output.appendingPathComponent("runs")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).sorted().last)
        return runs.appendingPathComponent(name)
    }

    @Test(arguments: inputs)
    func everyReaderKeepsAnAbsurdNumberAsUnknown(input: Input) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data(input.text.utf8).write(to: folder.url.appendingPathComponent(input.file))
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        let code = try await ParseCommand(arguments: [input.file, "--output", "out"]).run(in: context)
        #expect(code == .testsFailed)
        let report = try RunReportFile.load(at: try runDirectory(in: folder.url.appendingPathComponent("out")))
        #expect(report.tests.count == 2)
        Self.expectBelievable(report, "\(input.name)")
    }

    @Test func mergeReadsAReportJSONWhoseNumbersAreAbsurd() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let sane = Self.inputs[0].text.replacingOccurrences(of: "99999999999999999999", with: "0.5")
            .replacingOccurrences(of: "1e300", with: "0.25").replacingOccurrences(of: "1e308", with: "0.75")
        try Data(sane.utf8).write(to: folder.url.appendingPathComponent("shard.log"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data(#"{"name": "smoke", "swiftpm": {"packagePath": "."}, "coverage": {"enabled": false}}"#.utf8).write(
            to: folder.url.appendingPathComponent("Pipelines/smoke.json"))
        let quiet = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: [:],
            currentDirectory: folder.url)
        _ = try await ParseCommand(arguments: ["shard.log", "--output", "shard", "--name", "smoke"]).run(in: quiet)
        let shard = try runDirectory(in: folder.url.appendingPathComponent("shard"))
        let file = shard.appendingPathComponent("report.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        json["durationSeconds"] = 1e308
        json["tests"] = (json["tests"] as? [[String: Any]] ?? []).map { test in
            var test = test
            test["durationSeconds"] = 1e308
            test["attempts"] = (test["attempts"] as? [[String: Any]] ?? []).map { attempt in
                var attempt = attempt
                attempt["durationSeconds"] = -1e308
                return attempt
            }
            return test
        }
        try JSONSerialization.data(withJSONObject: json).write(to: file)

        let err = BufferOutput()
        let code = await CommandLineTool.run(
            arguments: ["merge", shard.path, "--output", "merged", "--no-notify"],
            context: HostContext(
                standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url))
        #expect(code == .testsFailed, "\(err.text)")
        let merged = try RunReportFile.load(at: try runDirectory(in: folder.url.appendingPathComponent("merged")))
        #expect(merged.tests.count == 2)
        Self.expectBelievable(merged, "merged")
    }

    /// The model as a report.json could hold it, every time set to `value`: every writer renders it.
    @Test(arguments: [1e308, -1e308, Double.infinity, -Double.infinity, Double.nan, 9.3e18, 1e20, 1e12])
    func everyWriterTakesAnExtremeNumberWithoutTrapping(value: Double) {
        var report = ReportFixture.report
        report.durationSeconds = value
        report.finishedAt = Date(timeIntervalSince1970: value.isFinite ? value : 0)
        for index in report.tests.indices {
            report.tests[index].durationSeconds = value
            for attempt in report.tests[index].attempts.indices {
                report.tests[index].attempts[attempt].durationSeconds = value
            }
        }
        #expect(!JSONReport.render(report).isEmpty)
        #expect(!JUnitReport.render(report).isEmpty)
        #expect(!MarkdownReport.render(report).isEmpty)
        #expect(!HTMLReport.render(report, attachmentContent: ReportFixture.attachmentContent).isEmpty)
        let style = TerminalStyle(colors: false)
        #expect(!RunSummary.totalsLine(report, style: style).isEmpty)
        #expect(!RunSummary.failureLines(report, style: style).isEmpty)
        #expect(!GitHubAnnotations.lines(for: report, relativeTo: nil).isEmpty)
        // JSON holds no infinity or NaN: a webhook's JSON body and the history line refuse them, without trapping.
        let plan = NotificationPlan(kind: .always)
        for format in MessageFormatRegistry.standard.renderers {
            let body = format.body(for: report, plan: plan, links: ArtifactLinks(), sources: SourceLinks())
            #expect(!body.isEmpty || !value.isFinite)
        }
        let line = ReportSink.collect { sink in try? HistoryLine.write(report, path: "runs/x", to: &sink) }
        #expect(!line.isEmpty || !value.isFinite)
    }
}
