import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A console input whose run shows no end of its own — an XCTest process's closing totals, Swift Testing's `Test run
/// with N tests`, xcodebuild's banner after parallel results — ends before its run did, unless a line says why it
/// ended early; and the note that a framework "left no closing totals" is said only of a console that lacks them.
@Suite struct InputEndingTests {
    static func parse(_ text: String) throws -> ParsedLog {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("cut.log")
        try Data(text.utf8).write(to: file)
        return try LogParser().parse(files: [file])
    }

    static let firstSuite = """
        Test Suite 'All tests' started at 2021-11-05 01:08:23.237
        Test Suite 'AppPackageTests.xctest' started at 2021-11-05 01:08:23.238
        Test Suite 'CartTests' started at 2021-11-05 01:08:23.238
        Test Case '-[AppTests.CartTests testA]' started.
        Test Case '-[AppTests.CartTests testA]' passed (0.054 seconds).
        Test Suite 'CartTests' passed at 2021-11-05 01:08:23.294.
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.055 (0.056) seconds

        """

    @Test func aLogCutBetweenTwoSuitesEndsEarly() throws {
        let cut = try Self.parse(Self.firstSuite + "Test Suite 'PriceTests' started at 2021-11-05 01:08:23.294\n")
        #expect(cut.results.map(\.status) == [.passed])
        let incomplete = try #require(cut.incomplete)
        #expect(incomplete.lastLine == 8 && incomplete.unfinished == 0)
        #expect(try Self.parse(Self.firstSuite).incomplete != nil, "cut after an inner suite's totals")
    }

    /// xcodebuild's own log (it opens with `Command line invocation:`) runs each test bundle, and from Xcode 16 each
    /// bundle's Swift Testing run, to totals of its own: only xcodebuild's banner or `Test session results` end it.
    @Test(arguments: [
        ("", true), ("** TEST SUCCEEDED **\n", false), ("Test session results, code coverage, and logs:\n", false),
        ("Testing cancelled.\n", false),
    ])
    func anXcodebuildLogEndsAtXcodebuildsEndNotABundlesTotals(tail: String, cut: Bool) throws {
        let bundle = Self.firstSuite.replacingOccurrences(
            of: "\t Executed 1 test",
            with: "Test Suite 'All tests' passed at 2021-11-05 01:08:23.294.\n\t Executed 1 test")
        let log = """
            Command line invocation:
                /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild test -scheme App

            \(bundle)\(tail)
            """
        let parsed = try Self.parse(log)
        #expect(parsed.results.map(\.status) == [.passed])
        #expect((parsed.incomplete != nil) == cut, "\(tail)")
    }

    /// Only xcodebuild's test command opens such a run: another action's header (`-showBuildSettings`) beside a
    /// whole `swift test` log cuts nothing, and a later test command is not ended by an earlier command's banner.
    @Test func onlyAnXcodebuildTestCommandWaitsForItsBanner() throws {
        let settings = "Command line invocation:\n    /usr/bin/xcodebuild -showBuildSettings -scheme App\n\n"
        #expect(
            try Self.parse(
                settings
                    + Self.firstSuite.replacingOccurrences(
                        of: "\t Executed 1 test",
                        with: "Test Suite 'All tests' passed at 2021-11-05 01:08:23.294.\n\t Executed 1 test")
            ).incomplete == nil)
        let built =
            "Command line invocation:\n    /usr/bin/xcodebuild build-for-testing -scheme App\n** TEST BUILD SUCCEEDED **\n"
        let testing = "Command line invocation:\n    /usr/bin/xcodebuild test-without-building -scheme App\n"
        #expect(try Self.parse(built + testing + Self.firstSuite).incomplete != nil)
    }

    /// Without its command (older Xcode, an excerpt), xcodebuild's build steps or its own log lines and then tests say
    /// the log is xcodebuild's, which ends with a banner: one cut between two bundles does not pass. A log that
    /// holds a test banner anywhere (older Xcode saved it above the tests) is judged by that banner as before.
    @Test(arguments: [
        ("=== BUILD TARGET App OF PROJECT App WITH CONFIGURATION Debug ===\nCodeSign /tmp/App.app\n", "", true),
        ("CompileSwiftSources normal arm64 com.apple.xcode.tools.swift.compiler\n", "", true),
        ("", "2021-08-02 00:16:19.857 xcodebuild[4918:35305]  iOSSimulator: Failed to launch app\n", true),
        ("=== BUILD TARGET App OF PROJECT App WITH CONFIGURATION Debug ===\n** TEST SUCCEEDED **\n", "", false),
        ("CodeSign /tmp/App.app\nBuild complete! (1.02s)\n", "", false),
        // xcodebuild's build ended in its banner, or its warning came before any test: the tests are another runner's.
        ("=== BUILD TARGET App OF PROJECT App WITH CONFIGURATION Debug ===\n** BUILD SUCCEEDED **\n", "", false),
        ("2023-12-16 15:26:47.072 xcodebuild[98951:6786614] Requested but did not find extension point\n", "", false),
        // After the tests, only its test session's log lines say they were its own; a later call's warning does not.
        ("", "2023-09-20 10:00:00.000 xcodebuild[1234:5678] Requested but did not find extension point\n", false),
        ("", "2023-09-20 10:00:00.000 xcodebuild[1234:5678] [MT] IDETestOperationsObserverDebug: 1.2 sec\n", true),
        ("", "", false),
    ])
    func xcodebuildsOwnLinesWaitForItsBanner(before: String, after: String, cut: Bool) throws {
        let bundle = Self.firstSuite.replacingOccurrences(
            of: "\t Executed 1 test",
            with: "Test Suite 'All tests' passed at 2021-11-05 01:08:23.294.\n\t Executed 1 test")
        let parsed = try Self.parse(before + bundle + after)
        #expect(parsed.results.map(\.status) == [.passed])
        #expect((parsed.incomplete != nil) == cut, "\(before)…\(after)")
    }

    /// A log that begins inside a run (a suite's end without its start: CI kept its tail) ends inside it until the
    /// run's outermost suite closes with its totals; a suite's end without the `Executed` line XCTest prints right
    /// after it was cut there.
    @Test(arguments: [
        ("", true),
        ("\t Executed 2 tests, with 0 failures (0 unexpected) in 0.013 (0.013) seconds\n", true),
        (
            """
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.013 (0.013) seconds
            Test Suite 'All tests' passed at 2021-12-15 13:23:47.109.
            \t Executed 3 tests, with 0 failures (0 unexpected) in 0.085 (0.085) seconds

            """, false
        ),
        (
            """
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.013 (0.013) seconds
            Test Suite 'All tests' passed at 2021-12-15 13:23:47.109.

            """, true
        ),
    ])
    func aLogThatBeginsInsideARunEndsWhenTheRunCloses(tail: String, cut: Bool) throws {
        let log = """
            Test Case 'RegexTests.testModernRanges' passed (0.0 seconds)
            Test Suite 'RegexTests' passed at 2021-12-15 13:23:47.095
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.072 (0.072) seconds
            Test Suite 'PEGStringTests' started at 2021-12-15 13:23:47.095
            Test Case 'PEGStringTests.testCamelCase' started at 2021-12-15 13:23:47.095
            Test Case 'PEGStringTests.testCamelCase' passed (0.0 seconds)
            Test Case 'PEGStringTests.testComments' started at 2021-12-15 13:23:47.095
            Test Case 'PEGStringTests.testComments' passed (0.005 seconds)
            Test Suite 'PEGStringTests' passed at 2021-12-15 13:23:47.108

            """
        let parsed = try Self.parse(log + tail)
        #expect(parsed.results.map(\.status) == [.passed, .passed, .passed])
        #expect((parsed.incomplete != nil) == cut, "\(tail)")
    }

    /// `swift test`, then an xcodebuild build ended by its banner, then `swift test --skip-build` (no `Build complete!`):
    /// the tests before xcodebuild's build and after its banner are another runner's, whole.
    @Test func testsAroundAnXcodebuildBuildAreAnotherRunners() throws {
        let whole = Self.firstSuite.replacingOccurrences(
            of: "\t Executed 1 test",
            with: "Test Suite 'All tests' passed at 2021-11-05 01:08:23.294.\n\t Executed 1 test")
        let build = "CompileSwiftSources normal arm64 com.apple.xcode.tools.swift.compiler\n** BUILD SUCCEEDED **\n"
        #expect(try Self.parse(whole + build + whole).incomplete == nil)
    }

    /// Xcode 5 named the outermost suite of a run of chosen tests `Multiple Selected Tests`: its close ends the run.
    @Test func xcode5sMultipleSelectedTestsClosesTheRun() throws {
        let log = """
            Test Case '-[DirectoryTests testExample]' passed (0.000 seconds).
            Test Suite 'DirectoryTests' finished at 2013-11-22 19:39:53 +0000.
            Executed 1 test, with 0 failures (0 unexpected) in 0.000 (0.000) seconds
            Test Suite 'JustWorks DirectoryTests.xctest' finished at 2013-11-22 19:39:53 +0000.
            Executed 1 test, with 0 failures (0 unexpected) in 0.000 (0.000) seconds
            Test Suite 'Multiple Selected Tests' finished at 2013-11-22 19:39:53 +0000.
            Executed 1 test, with 0 failures (0 unexpected) in 0.000 (0.001) seconds
            Program ended with exit code: 0

            """
        #expect(try Self.parse(log).incomplete == nil)
    }

    @Test func theWholeLogEndsWithItsTotals() throws {
        let whole = try Self.parse(
            Self.firstSuite + """
                Test Suite 'AppPackageTests.xctest' passed at 2021-11-05 01:08:23.443.
                \t Executed 1 test, with 0 failures (0 unexpected) in 0.055 (0.056) seconds
                Test Suite 'All tests' passed at 2021-11-05 01:08:23.443.
                \t Executed 1 test, with 0 failures (0 unexpected) in 0.055 (0.056) seconds

                """)
        #expect(whole.incomplete == nil)
        #expect(whole.reconciliation?.agrees == true)
    }

    /// An inner suite that printed no end of its own is closed by the suite around it (a trimmed log).
    @Test func anOuterSuitesEndClosesTheSuitesInsideIt() throws {
        let log = try Self.parse(
            """
            Test Suite 'All tests' started at 2025-05-28 12:34:01.893.
            Test Suite 'App.xctest' started at 2025-05-28 12:34:01.893.
            Test Suite 'CartTests' started at 2025-05-28 12:34:01.893.
            Test Case '-[AppTests.CartTests testA]' started.
            Test Case '-[AppTests.CartTests testA]' passed (0.035 seconds).
            Test Suite 'App.xctest' passed at 2025-05-28 12:34:02.222.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.035 (0.036) seconds
            Test Suite 'All tests' passed at 2025-05-28 12:34:02.222.
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.035 (0.036) seconds

            """)
        #expect(log.incomplete == nil)
        #expect(log.reconciliation?.agrees == true, "\(String(describing: log.reconciliation))")
    }

    /// A crash, xcodebuild's verdict or a stop says why the run ended early: the log is not "cut".
    @Test(arguments: [
        "Exited with signal code 11", "** TEST FAILED **", "Fatal error: boom", "##[error]The operation was canceled.",
    ])
    func aLineThatSaysWhyTheRunEndedIsNoCut(_ ending: String) throws {
        let ended = try Self.parse(Self.firstSuite + ending + "\n")
        #expect(ended.incomplete == nil)
    }

    /// Parallel results print no totals: xcodebuild's banner is the run's end.
    @Test func parallelResultsWithoutABannerEndEarly() throws {
        let results = """
            Test suite 'CartTests' started on 'Clone 1 of iPhone 15 - App (123)'
            Test case 'CartTests.testA()' passed on 'Clone 1 of iPhone 15 - App (123)' (0.001 seconds)

            """
        let cut = try Self.parse(results)
        #expect(cut.incomplete != nil)
        let notes = try #require(cut.reconciliation).unverifiedNotes
        #expect(notes.count == 1 && notes[0].contains("parallel processes that print no totals"), "\(notes)")
        #expect(try Self.parse(results + "** TEST SUCCEEDED **\n").incomplete == nil)
    }

    /// xcodebuild's relaunch after a crash: "summary will include totals from previous launches".
    @Test func aRelaunchsTotalsCountTheProcessThatDied() throws {
        let log = try Self.parse(
            """
            Test Suite 'All tests' started at 2018-11-04 10:28:22.431
            Test Suite 'CartTests' started at 2018-11-04 10:28:22.432
            Test Case '-[AppTests.CartTests testA]' started.
            Restarting after unexpected exit, crash, or test timeout in CartTests.testA(); summary will include \
            totals from previous launches.
            Test Suite 'Selected tests' started at 2018-11-04 10:28:40.939
            Test Suite 'CartTests' started at 2018-11-04 10:28:40.940
            Test Case '-[AppTests.CartTests testB]' started.
            Test Case '-[AppTests.CartTests testB]' passed (0.001 seconds).
            Test Suite 'CartTests' failed at 2018-11-04 10:28:40.943.
            \t Executed 2 tests, with 1 failure (0 unexpected) in 0.002 (0.003) seconds
            Test Suite 'Selected tests' failed at 2018-11-04 10:28:40.945.
            \t Executed 2 tests, with 1 failure (0 unexpected) in 0.002 (0.006) seconds

            """)
        #expect(log.results.map(\.status) == [.crashed, .passed])
        let reconciliation = try #require(log.reconciliation)
        #expect(reconciliation.agrees, "\(reconciliation)")
    }

    /// A document without totals of its own is named in the note, never said to lack XCTest's `Executed` line.
    @Test func aDocumentWithoutTotalsIsNamedInTheNote() throws {
        let tests = [
            TestResult(
                id: "App.CartTests/testA", name: "testA", suite: "CartTests", framework: .xctest, status: .passed)
        ]
        let reconciliation = try #require(
            Reconciliation.compare([], with: tests, documentsWithoutTotals: ["Run.xcresult"]))
        #expect(
            reconciliation.unverifiedNotes == [
                "Run.xcresult carries no totals of its own: XCTest's counts are unverified"
            ])
    }

    /// `run`'s console.log: one test process crashed, the next printed its totals. XCTest is unverified, and its note
    /// says one process did not close rather than that XCTest left no totals.
    @Test func aProcessThatCrashedBesideOneThatClosedIsSaidSo() throws {
        let crashed = """
            [smokerun] xctest: AppTests.CrashTests/testCrashes
            Test Suite 'Selected tests' started at 2026-03-01 10:00:00.000
            Test Suite 'CrashTests' started at 2026-03-01 10:00:00.000
            Test Case 'CrashTests.testCrashes' started at 2026-03-01 10:00:00.000
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
            [smokerun] xctest: AppTests.MathTests/testA

            """
        let parsed = try Self.parse(crashed + PipelineLogs.process("MathTests", ["testA"]) + "\n")
        #expect(parsed.results.map(\.status) == [.crashed, .passed])
        let reconciliation = try #require(parsed.reconciliation)
        #expect(reconciliation.unverified == ["xctest"])
        #expect(reconciliation.partlyClosedInputs == ["xctest": ["cut.log"]])
        #expect(
            reconciliation.unverifiedNotes == [
                """
                XCTest's test processes in cut.log did not all close with totals (`Executed N tests`): one ended \
                inside its run (it crashed or was stopped, or the input is cut there), so its counts are unverified
                """
            ])
        let alone = try #require(try Self.parse(crashed).reconciliation)
        #expect(alone.partlyClosedInputs == nil)
        #expect(alone.unverifiedNotes.first?.contains("left no closing totals") == true)
    }

    /// Every corpus input: "left no closing totals" is said only of a console log, and such a log never passes.
    @Test(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
    func theCorpusSaysLeftNoTotalsOnlyOfConsolesThatCannotPass() throws {
        try CorpusLocation.require()
        let manager = FileManager.default
        var inputs = MetamorphicCorpusTests.logs
        for folder in ["junit", "xcresult"] {
            let names = (try? manager.contentsOfDirectory(atPath: CorpusLocation.file(folder).path)) ?? []
            inputs += names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        }
        var noted = 0
        for input in inputs {
            guard let parsed = try? LogParser().parse(files: [CorpusLocation.file(input)]),
                let reconciliation = parsed.reconciliation
            else { continue }
            let saysNoTotals = reconciliation.unverifiedNotes.contains { $0.contains("left no closing totals") }
            guard saysNoTotals else { continue }
            noted += 1
            #expect(parsed.formats == ["console"], "\(input) is a \(parsed.formats) yet said to lack console totals")
            let failing = parsed.results.contains { $0.status.isFailure }
            #expect(parsed.incomplete != nil || failing, "\(input) lacks its totals and passes")
        }
        #expect(noted >= 3)
    }
}
