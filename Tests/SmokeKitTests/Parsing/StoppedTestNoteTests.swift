import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// smokerun's console.log note that it stopped a test which then printed a result of its own (a server test that
/// shuts down on SIGTERM) makes `parse` read the test as the run did, though later tests of its process ran since;
/// a note naming no test of the log changes nothing.
@Suite struct StoppedTestNoteTests {
    static func log(note: String) -> String {
        """
        [smokerun] xctest: PTests.SigTests/testServer PTests.SigTests/testZAfter
        Test Suite 'Selected tests' started at 2026-12-01 05:00:00.000
        Test Suite 'SigTests' started at 2026-12-01 05:00:00.000
        Test Case 'SigTests.testServer' started at 2026-12-01 05:00:00.000
        Test Case 'SigTests.testServer' passed (3.010 seconds)
        Test Case 'SigTests.testZAfter' started at 2026-12-01 05:00:03.010
        Test Case 'SigTests.testZAfter' passed (0.001 seconds)
        Test Suite 'SigTests' passed at 2026-12-01 05:00:03.011
        \t Executed 2 tests, with 0 failures (0 unexpected) in 3.011 (3.011) seconds
        Test Suite 'Selected tests' passed at 2026-12-01 05:00:03.011
        \t Executed 2 tests, with 0 failures (0 unexpected) in 3.011 (3.011) seconds
        \(note)

        """
    }

    /// A Swift Testing console names the test without its suite (`sigterm()`); the note names `Suite/sigterm()`.
    @Test func aSwiftTestingTestTheNoteNamesEndsAsItSays() throws {
        let log = """
            [smokerun] swift-testing: PTests.STStop/sigterm()
            ◇ Test run started.
            ◇ Test sigterm() started.
            ✔ Test sigterm() passed after 3.010 seconds.
            ✔ Test run with 1 test in 0 suites passed after 3.011 seconds.
            [smokerun] stopped at timeouts.testSeconds (3 s): PTests.STStop/sigterm()

            """
        let parsed = try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(log.utf8))])
        #expect(parsed.results.map(\.status) == [.timedOut])
    }

    @Test(arguments: [
        ("[smokerun] stopped at timeouts.testSeconds (3 s): PTests.SigTests/testServer", TestStatus.timedOut),
        ("[smokerun] stopped: smokerun was stopped while PTests.SigTests/testServer ran", .interrupted),
        ("[smokerun] stopped at timeouts.testSeconds (3 s): PTests.SigTests/testOther", .passed),
    ])
    func theTestTheNoteNamesEndsAsItSays(_ note: String, _ status: TestStatus) throws {
        let file = try ParsingTestSupport.temporaryFile(Data(Self.log(note: note).utf8))
        let parsed = try LogParser().parse(files: [file])
        #expect(parsed.results.map(\.status) == [status, .passed])
        if status != .passed { #expect(parsed.results.first?.evidence?.line == 12) }
    }
}
