import Testing

@testable import SmokeCore

/// Prefixes text a test prints may start with too (a time, a number, a word before a TAB) are decided on a log's
/// first non-empty line, then removed from every line that has them.
@Suite struct LineUnwrapperTests {
    private static func contents(_ lines: [String]) -> (texts: [String?], counts: [String: Int]) {
        var unwrapper = LineUnwrapper()
        let texts = lines.map { line in
            let bytes = Array(line.utf8)
            return bytes.withUnsafeBufferPointer { unwrapper.contentStart(of: $0) }.map {
                String(decoding: bytes[$0...], as: UTF8.self)
            }
        }
        return (texts, unwrapper.counts)
    }

    /// Two lines as moreutils `ts`, GNU `parallel --tag` or both write them, and the prefix's name.
    static let decidedForms: [([String], String)] = [
        (["Nov 30 02:09:31 Test Suite 'All tests' started", "Nov  1 23:59:59 ok"], "month-day-time"),
        (["Nov 30 02:09:31.123456 Test Suite 'All tests' started", "Dec 01 00:00:00.5 ok"], "month-day-time"),
        (["02:18:06.979248 Test Suite 'All tests' started", "02:18:07.000001 ok"], "clock-time"),
        (["[02:18:06.979] Test Suite 'All tests' started", "[02:18:07.000] ok"], "clock-time"),
        (["0.000011 Test Suite 'All tests' started", "12.503311 ok"], "elapsed-seconds"),
        (["swift-6.3\tTest Suite 'All tests' started", "Packages/Beta\tok"], "tag"),
        (["30-Jan-2017 13:54:31\tTest Suite 'All tests' started", "01-Feb-2017 00:00:00\tok"], "day-month-year-time"),
        (["2020-06-05 00:05:17.281 - Test Suite 'All tests' started", "2020-06-05 00:05:18.002 - ok"], "date-time"),
    ]

    @Test(arguments: decidedForms)
    func aPrefixOnTheFirstLineIsRemovedFromEveryLine(_ lines: [String], _ kind: String) {
        let (texts, counts) = Self.contents(lines)
        #expect(texts == ["Test Suite 'All tests' started", "ok"])
        #expect(counts == [kind: 2])
    }

    /// XCTest prints its output barrier with no line end before its next line (a simulator's captured output): its
    /// lines read as they are, after a CI prefix too; the rest of the log is left as it is.
    @Test func xctestsOutputBarrierBeforeItsLineIsRemoved() {
        let (texts, counts) = Self.contents([
            "XCTestOutputBarrierTest Case '-[T.C testA]' passed (10.276 seconds).",
            "Test Case '-[T.C testA]' measured [Time, seconds] average: 1.002",
            "2025-03-01T12:00:00.1234567Z XCTestOutputBarrierTest Suite 'C' started at 2025-03-01 12:00:00.000",
            "XCTestOutputBarrier",
        ])
        #expect(
            texts == [
                "Test Case '-[T.C testA]' passed (10.276 seconds).",
                "Test Case '-[T.C testA]' measured [Time, seconds] average: 1.002",
                "Test Suite 'C' started at 2025-03-01 12:00:00.000", nil,
            ])
        #expect(counts == ["github-actions-timestamp": 1])
    }

    /// A colour code right after the time (`ESC[1m`) is no process's `name[pid` after it: the time is a prefix.
    @Test func aTimeBeforeAColourCodeIsAPrefix() {
        let (texts, counts) = Self.contents(["10:00:00 \u{1B}[1mTest Case 'A.b' started", "10:00:01 ok"])
        #expect(texts == ["\u{1B}[1mTest Case 'A.b' started", "ok"])
        #expect(counts == ["clock-time": 2])
    }

    @Test func aTimeThenATagAreBothRemoved() {
        let (texts, counts) = Self.contents([
            "Nov 30 02:09:31 job-1\tTest Suite 'All tests' started", "Nov 30 02:09:32 job-2\tok",
        ])
        #expect(texts == ["Test Suite 'All tests' started", "ok"])
        #expect(counts == ["month-day-time": 2, "tag": 2])
    }

    /// Bamboo's downloaded log: its stream's name, then the time, each before a TAB.
    @Test func bamboosStreamTagThenItsTimeAreBothRemoved() {
        let (texts, counts) = Self.contents([
            "build\t30-Jan-2017 13:54:31\tTest Suite 'All tests' started", "error\t30-Jan-2017 13:54:32\tok",
        ])
        #expect(texts == ["Test Suite 'All tests' started", "ok"])
        #expect(counts == ["tag": 2, "day-month-year-time": 2])
    }

    /// A log whose first line has none keeps the same text on later lines: a test may print it.
    @Test(arguments: ["Nov 30 02:09:31 ok", "02:18:06.979248 ok", "0.000011 ok", "tag\tok", "> ok", ">"])
    func aLaterLineAloneKeepsItsText(_ line: String) {
        let (texts, counts) = Self.contents(["Test Suite 'All tests' started", line])
        #expect(texts == ["Test Suite 'All tests' started", line])
        #expect(counts.isEmpty)
    }

    /// First lines that hold none of these forms: words before a TAB with a space among them, a whole number, a
    /// tool's own TAB-led line.
    @Test(arguments: ["Building for debugging...\tx", "3 tests", "\t Executed 1 test", "Nov 30 is a date"])
    func aFirstLineWithoutAPrefixDecidesNone(_ line: String) {
        let (texts, counts) = Self.contents([line, "swift\tTest Suite 'x' started"])
        #expect(texts == [line, "swift\tTest Suite 'x' started"])
        #expect(counts.isEmpty)
    }

    /// TeamCity's own lines are skipped once a line had its prefix; in another log a test may print the same shape
    /// (`[14:59:00] : uploading… ` with XCTest's result line glued after it), and that line stays whole.
    @Test func teamCitysOwnLinesAreSkippedOnlyInItsLog() {
        let (texts, counts) = Self.contents([
            "[10:00:00] :\t\t [VCS Root: https://github.com/example/app.git] ",
            "[10:00:00] : Step 1/1: swift test (Command Line) (1m:02s)",
            "[10:00:01]W:\t [Step 1/1] Test Case 'P.testA' passed (0.001 seconds)",
        ])
        #expect(texts == [nil, nil, "Test Case 'P.testA' passed (0.001 seconds)"])
        #expect(counts == ["teamcity": 2])
        let printed = "[14:59:00] : uploading… Test Case 'P.testProgress' passed (0.001 seconds)"
        #expect(Self.contents(["Test Suite 'All tests' started", printed]).texts.last == printed)
    }
}
