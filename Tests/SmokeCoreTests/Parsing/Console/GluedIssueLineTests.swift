import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// A test prints without a final newline (`print("Checking totals... ", terminator: "")`, a progress bar), then an
/// assertion fails: XCTest's `path:line: error: Class.method : message` lands on the same console line. The issue is
/// the test's, its file is the path alone, and the text before it is the test's output.
@Suite struct GluedIssueLineTests {
    @Test(arguments: [
        ("/src/Tests/T.swift:9: error: C.t : m", "/src/Tests/T.swift", 0),
        ("Checking totals... /src/Tests/T.swift:9: error: C.t : m", "/src/Tests/T.swift", 19),
        ("#####/src/Tests/T.swift:9: error: C.t : m", "/src/Tests/T.swift", 5),
        ("100%/src/Tests/T.swift:9: error: C.t : m", "/src/Tests/T.swift", 4),
        ("/Users/Jo Smith/My App/T.swift:9: error: C.t : m", "/Users/Jo Smith/My App/T.swift", 0),
        ("Checking... /Users/Jo Smith/T.swift:9: error: C.t : m", "/Users/Jo Smith/T.swift", 12),
        ("Tests/App Tests/T.swift:9: error: C.t : m", "Tests/App Tests/T.swift", 0),
        ("./Tests/T.swift:12:5: error: expected expression", "./Tests/T.swift", 0),
        // Folder names with brackets, from the line's start or after output: the path stays whole.
        ("/Users/jo/Dropbox (Personal)/App/T.swift:9: error: C.t : m", "/Users/jo/Dropbox (Personal)/App/T.swift", 0),
        ("/src/App [WIP]/Sources/Totals.swift:40: Fatal error: boom", "/src/App [WIP]/Sources/Totals.swift", 0),
        ("Tests/App (copy)/T.swift:9: error: C.t : m", "Tests/App (copy)/T.swift", 0),
        // The same line mirrored through os_log: the process's name is no folder.
        (
            "2023-10-31 15:59:00.828993+0100 xctest[92156:12399312] Mocks/Mocks.swift:1513: Fatal error: nil",
            "Mocks/Mocks.swift", 55
        ),
    ])
    func theFileIsThePathAlone(line: String, file: String, fileStart: Int) throws {
        let location = try #require(Array(line.utf8).withUnsafeBufferPointer { SourceLocationPrefix($0, 0) })
        #expect(location.file == file)
        #expect(location.fileStart == fileStart)
    }

    @Test func anIssueAfterUnterminatedOutputIsTheTestsWithItsPath() throws {
        let collector = ParsingTestSupport.collect(lines: [
            "Test Case 'ProgressTests.testShort' started at 2026-11-30 05:17:17.344",
            #"Checking totals... /src/Tests/PrefixTests.swift:9: error: ProgressTests.testShort : XCTAssertEqual failed: ("1") is not equal to ("2") - totals differ"#,
            "Test Case 'ProgressTests.testShort' failed (0.0 seconds)",
        ])
        let test = try #require(collector.results.first)
        #expect(test.status == .failed)
        #expect(test.failures.map(\.file) == ["/src/Tests/PrefixTests.swift"])
        #expect(test.failures.map(\.line) == [9])
        #expect(test.failures.first?.message == #"XCTAssertEqual failed: ("1") is not equal to ("2") - totals differ"#)
        #expect(test.output == ["Checking totals... "])
    }

    /// Past the first 1,024 bytes, where the line-start rule stops looking for a path, the issue is still found.
    @Test func anIssueAfterALongProgressBarIsStillFound() throws {
        let bar = String(repeating: "#", count: 2_000)
        let issue =
            #"/src/Tests/PrefixTests.swift:14: error: ProgressTests.testLong : XCTAssertEqual failed: ("1") is not equal to ("3")"#
        let collector = ParsingTestSupport.collect(lines: [
            "Test Case 'ProgressTests.testLong' started at 2026-11-30 05:17:17.343", bar + issue,
            "Test Case 'ProgressTests.testLong' failed (0.001 seconds)",
        ])
        let test = try #require(collector.results.first)
        #expect(test.status == .failed)
        #expect(test.failures.map(\.file) == ["/src/Tests/PrefixTests.swift"])
        #expect(test.failures.map(\.line) == [14])
        #expect(test.failures.first?.message == #"XCTAssertEqual failed: ("1") is not equal to ("3")"#)
        #expect(test.output == [bar])
    }

    /// Printed text of a path's own bytes (a JSON body, `yyy…`) past the first 1,024 bytes hides where the path starts:
    /// XCTest's `: error: ` still finds the issue, and in a run the project's path says where its place starts.
    @Test func anIssueAfterALongRunOfPathBytesIsStillFound() throws {
        let printed = String(repeating: "y", count: 1_000)
        let collector = ParsingTestSupport.collect(
            """
            Test Case 'SpamTests.testSpam' started at 2026-11-30 05:17:17.343
            \(printed)/src/App/Tests/SpamTests.swift:8: error: SpamTests.testSpam : failed - after spam
            Test Case 'SpamTests.testSpam' failed (0.001 seconds)
            """, projectRoot: "/src/App")
        let test = try #require(collector.results.first)
        #expect(test.status == .failed)
        #expect(test.failures.map(\.message) == ["failed - after spam"])
        #expect(test.failures.map(\.file) == ["/src/App/Tests/SpamTests.swift"])
        #expect(test.failures.map(\.line) == [8])
        #expect(test.output == [printed])
    }

    /// Only the running test's issue is looked for inside a long line: another's, or none, leave it output.
    @Test func aLongLineQuotingAnotherTestsIssueIsOutput() throws {
        let dump = String(repeating: "=", count: 1_500) + "/src/Other.swift:3: error: OtherTests.testElsewhere : boom"
        let collector = ParsingTestSupport.collect(lines: [
            "Test Case 'ProgressTests.testLong' started at 2026-11-30 05:17:17.343", dump,
            "Test Case 'ProgressTests.testLong' passed (0.001 seconds)",
        ])
        let test = try #require(collector.results.first)
        #expect(test.status == .passed)
        #expect(test.failures.isEmpty)
        #expect(test.output == [dump])
    }
}
