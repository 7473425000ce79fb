import Foundation

/// What one line of test output means. Every parser produces these; `ResultCollector` folds them.
package enum TestEvent: Sendable, Equatable {
    /// A test began (`Test Case '…' started`, `◇ Test f() started.`, event `testStarted`).
    case testStarted(TestRef)
    /// A test that ran, named by a progress line (`swift test --parallel`'s `[3/40] Testing Module.Class/test`):
    /// passed unless a failure, skip or crash is recorded for it. SwiftPM prints the output of failing tests only, so a
    /// test `XCTSkip` skipped shows nothing more and is passed, as SwiftPM's own `--xunit-output` records it.
    case testNamed(TestRef)
    /// A test ended with a status the output states; the collector reconciles it with recorded issues.
    case testFinished(TestRef, TestStatus, durationSeconds: Double?)
    /// A failed expectation or error; `ref` is nil when the line does not name its test.
    case issue(TestRef?, TestFailure, isKnown: Bool)
    /// A warning (Swift Testing `recorded a warning`, an issue of severity `warning`): it fails nothing; an output
    /// line of its test (`ref`), or of none when it names none.
    case warning(TestRef?, String)
    /// A Swift Testing test's display name (`@Test("…")`), from its declaration; its id stays its name and key.
    case displayName(TestRef, String)
    /// An issue a Swift Testing suite recorded outside its tests (its trait or `init` threw; its tests did not run):
    /// `✘ Suite Broken recorded an issue at …` (type or display name), or `issueRecorded` whose `testID` is a suite.
    case suiteIssue(suite: String, TestFailure)
    /// A test that was skipped or disabled, with the reason when given.
    case skipped(TestRef, reason: String?)
    /// A started test that `Test.cancel` ended (Swift 6.3: `➜ Test f() was cancelled after 0.001 seconds: "why"`, a
    /// stream's `testEnded` with the `skip` symbol): skipped, with the reason when given.
    case cancelled(TestRef, reason: String?, durationSeconds: Double?)
    /// An issue Swift Testing recorded outside any test (a detached task after its test ended): `✘ Test «unknown»
    /// recorded an issue at …`, or `issueRecorded` without a `testID`. It fails the run, no test.
    case issueOutsideTests(TestFailure)
    /// A value a test attached (Swift Testing `valueAttached`).
    case attachment(TestRef?, name: String, content: RawAttachment.Content)
    /// A fatal error message (`File.swift:12: Fatal error: msg`, `Fatal error: msg`).
    case fatalError(message: String, file: String?, line: Int?)
    /// The process died without a fatal error message (`*** Program crashed: Segmentation fault …`).
    case programCrashed(description: String)
    /// A backtrace frame that names a source location (`… Cart.total() + 12 in X at /abs/File.swift:15:16`): its
    /// function, and whether it is in the thread the backtracer says crashed (nil: no thread was named).
    case backtraceFrame(file: String, line: Int, function: String? = nil, inCrashedThread: Bool? = nil)
    /// smokerun's own line in its console.log says how the running tests ended: `timedOut` at a deadline,
    /// `interrupted` when smokerun was stopped, `crashed` when their process ended.
    case stoppedBySmokerun(TestStatus, reason: String)
    /// smokerun's line in its console.log before each test process (`[smokerun] swift-testing: …`): whether the process
    /// retries tests that ran before (`[smokerun] retrying swift-testing: …`), each run of which is then an attempt.
    case smokerunProcessStarted(retrying: Bool)
    /// The Swift Testing tests a console read beside its event stream shows running (by name) as a crash line comes:
    /// the stream's entries of those names are the crash's, whichever input comes first.
    case swiftTestingRunningInConsole([String])
    /// Xcode relaunched the runner after a crash or timeout in this test.
    case restartAfterCrash(TestRef?)
    /// xcodebuild's summary naming the crash that ended a relaunch (`… (Underlying Error: Crash: App (3584) f)`):
    /// the crash of the test still running; of no test when none runs (another target's runner that never started).
    case relaunchCrashed(description: String)
    /// A run of the same command again, appended to the log after its test banner (`RelaunchWindow`): a restart above
    /// it does not reach its tests, which are other runs, not retries.
    case appendedRunStarted
    /// SwiftPM's word that the process it ran for this one test died (`swift test --parallel`: `error: Process '…'
    /// exited with unexpected signal code 4`): it crashed, whatever of its output SwiftPM prints later.
    case testProcessDied(TestRef, description: String)
    /// SwiftPM's word that a test process naming no one test died (`error: Process '…/PkgPackageTests.xctest' exited
    /// with unexpected signal code 11`), printed after that process's output, or on Linux before it.
    case runnerDied(description: String)
    /// A sanitizer reported a problem the process goes on after (`ThreadSanitizer: data race`, `LeakSanitizer:
    /// detected memory leaks`): it exits non-zero at the end, so the run fails whatever its tests said.
    case sanitizerReport(String)
    /// Swift Testing's run started (`◇ Test run started.`) while an XCTest test ran: `swift test` starts that run only
    /// after XCTest's process has exited, so the process ended inside the test without a crash report (`exit()`).
    case xctestProcessEnded
    /// Swift Testing's `Test run started.`: a new process's run. Tests of an earlier run still running ended with theirs
    /// (a CI step run again after a timeout appends its run to the first's).
    case swiftTestingRunStarted
    /// A performance result (`measured [Time, seconds] average: 0.001, …`).
    case measured(TestRef, metric: String, average: Double)
    case suiteStarted(name: String)
    case suiteFinished(name: String, passed: Bool)
    /// `Executed N tests, with M failures …`.
    case runSummary(executed: Int, failures: Int)
    /// Extra lines of the last issue (Swift Testing `↳` details, comments).
    case detail(String)
    /// A line of the last XCTest issue's message: the lines after `path:line: error: Class.method : message` up to
    /// the next recognised line, each with the blank lines before it (`\n` each) when the message had some.
    case issueMessageContinued(String)
    /// A line from the test runner or app rather than the test framework (NSLog-style `12:00:01.5 App[12:34] …`
    /// lines, UI-test activity `t = 1.00s …`): a running test's output, otherwise noise.
    case toolOutput(String)
    /// xcodebuild's closing `Failing tests:` list names a test, with the runner's error when `Testing failed:` gave
    /// one. Counted only when the log has no result line for any test (the runner never got to run them).
    case listedAsFailing(TestRef, reason: String?)
    /// A line no rule matched: a test's own output, or not understood (the collector decides).
    case output(String)
    /// Recognised noise: build steps, banners, backtrace registers, tool chatter.
    case ignored
}

extension TestEvent {
    /// Whether it ends a Swift Testing test: its result, skip or cancellation.
    /// A Swift Testing test's start or issue.
    var startsOrConcernsASwiftTestingTest: Bool {
        switch self {
        case .testStarted(let ref): ref.framework == .swiftTesting
        case .issue(let ref?, _, _): ref.framework == .swiftTesting
        default: false
        }
    }

    var endsASwiftTestingTest: Bool {
        switch self {
        case .testFinished(let ref, _, _), .skipped(let ref, _), .cancelled(let ref, _, _):
            ref.framework == .swiftTesting
        default:
            false
        }
    }

    /// The test a line of the frameworks names: its start, end, result or issue.
    package var namedTest: TestRef? {
        switch self {
        case .testStarted(let ref), .testNamed(let ref), .testFinished(let ref, _, _), .skipped(let ref, _),
            .cancelled(let ref, _, _), .measured(let ref, _, _):
            ref
        case .issue(let ref, _, _), .warning(let ref, _): ref
        case .testProcessDied(let ref, _): ref
        default: nil
        }
    }

    /// The framework of the test the event names, when it names one.
    package var framework: TestFramework? {
        switch self {
        case .testStarted(let ref), .testNamed(let ref), .testFinished(let ref, _, _), .skipped(let ref, _),
            .cancelled(let ref, _, _), .measured(let ref, _, _), .displayName(let ref, _):
            ref.framework
        case .issue(let ref, _, _), .attachment(let ref, _, _), .restartAfterCrash(let ref):
            ref?.framework
        case .listedAsFailing(let ref, _), .testProcessDied(let ref, _):
            ref.framework
        case .suiteIssue, .issueOutsideTests, .warning, .swiftTestingRunStarted:
            .swiftTesting
        case .fatalError, .programCrashed, .backtraceFrame, .suiteStarted, .suiteFinished, .runSummary, .detail,
            .issueMessageContinued, .toolOutput, .output, .ignored, .stoppedBySmokerun, .smokerunProcessStarted,
            .swiftTestingRunningInConsole, .runnerDied, .xctestProcessEnded, .sanitizerReport, .appendedRunStarted,
            .relaunchCrashed:
            nil
        }
    }
}
