import Testing

@testable import SmokeCore

/// Crash wording says what ended the test process, and the caller says when.
@Suite struct TerminationTests {
    @Test(arguments: [
        (Termination.exited(0), "the test process exited with status 0 while this test was running"),
        (.exited(3), "the test process exited with status 3 while this test was running"),
        (.signaled(11), "the test process was ended by signal 11 (SIGSEGV) while this test was running"),
        (.signaled(9), "the test process was ended by signal 9 (SIGKILL) while this test was running"),
        (.signaled(40), "the test process was ended by signal 40 while this test was running"),
    ])
    func aCrashSaysWhatEndedTheProcessAndWhen(termination: Termination, said: String) {
        #expect(ResultCollector.endedWhileRunning(termination) == said)
    }
}
