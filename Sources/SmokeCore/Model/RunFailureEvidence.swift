/// A line of a log that says the run failed, whatever its tests say: xcodebuild's own verdict (`** TEST FAILED **`,
/// `** TEST EXECUTE FAILED **`, `Testing failed:`), or the test process crashing while no test was running.
/// Reconciliation lists it when no test explains it, and then the run cannot pass (Documentation/Design.md §7.1).
package struct RunFailureEvidence: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        /// xcodebuild's failure banner, or its `Testing failed:` summary when it printed no banner.
        case xcodebuildVerdict
        /// A crash line (`Fatal error: …`, `Exited with signal code 11`) while no test ran, before the first test.
        case crashBeforeFirstTest
        /// A crash line while no test ran, after a test ended (between tests, or at the input's end).
        case crashAfterTest
        /// A crash line after the framework printed its closing totals: the process crashed as it exited.
        case crashAtExit
        /// A crash in a test whose start is above the input's first line (its head is cut): the tests it shows running
        /// were ended by it.
        case crashAboveTheInput
        /// A Swift Testing suite's issue outside its tests (`✘ Suite X recorded an issue at …`): they did not run.
        case suiteIssue
        /// An issue Swift Testing recorded outside any test (`✘ Test «unknown» recorded an issue at …`: from a
        /// detached task after its test ended).
        case issueOutsideTests
        /// A sanitizer's report the process went on after (ThreadSanitizer, LeakSanitizer): it exits non-zero.
        case sanitizerReport
        /// Bazel's test summary of a target that did not pass (`//App:UITests   FAILED TO BUILD`, `… FAILED in 2.1s`).
        case bazelSummary
    }

    package var kind: Kind
    /// The input the line is in (a file name).
    package var source: String
    package var line: Int
    /// The line's text, bounded.
    package var text: String
    /// The reasons xcodebuild's `Testing failed:` summary gave, one a line, as the log has them (empty when none).
    package var reasons: [String]

    package init(kind: Kind, source: String, line: Int, text: String, reasons: [String] = []) {
        self.kind = kind
        self.source = source
        self.line = line
        self.text = text.count > Self.textLimit ? String(text.prefix(Self.textLimit)) + "…" : text
        self.reasons = reasons
    }

    /// Characters of a line kept.
    static let textLimit = 200

    /// Whether it is a crash line rather than xcodebuild's verdict or an issue outside tests.
    package var isCrash: Bool {
        kind != .xcodebuildVerdict && kind != .sanitizerReport && kind != .bazelSummary && !isIssue
    }

    /// Whether it is an issue Swift Testing recorded outside tests (a suite's, or no test's): one its totals count.
    package var isIssue: Bool { kind == .suiteIssue || kind == .issueOutsideTests }

    /// xcodebuild's failure verdict whose `Testing failed:` reasons say a test runner never started its tests (`Test
    /// target AppUITests encountered an error (Failed to background test runner …)`, `Timed out registering for
    /// testing event accessibility notifications`): tests it was to run did not, so the run is an infrastructure
    /// error, not a test failure. A runner or app that crashed (`encountered an error (crashed)`) is a failure.
    package var saysTheRunnerFailed: Bool {
        kind == .xcodebuildVerdict
            && reasons.contains { reason in Self.runnerNeverTested.contains { reason.lowercased().contains($0) } }
    }

    /// Not `Early unexpected exit, operation never finished bootstrapping` nor `exited before starting test
    /// execution`: the app under test crashing at launch says those too.
    private static let runnerNeverTested = [
        "failed to background test runner",
        "failed to open test runner", "failed to initialize for ui testing", "timed out registering for testing",
        "failed to install or launch the test runner", "unable to boot", "failed to prepare device",
    ]

    /// The report's error message, naming the line.
    package var message: String {
        switch kind {
        case .xcodebuildVerdict where saysTheRunnerFailed:
            """
            xcodebuild's own verdict is `\(text)` (\(source):\(line)) because a test runner failed (below): the tests \
            it was to run did not run, so the run cannot pass. Fix what it names and run again
            """
        case .xcodebuildVerdict:
            """
            xcodebuild's own verdict is `\(text)` (\(source):\(line)), yet no test the input shows failed: the run \
            cannot pass
            """
        case .crashBeforeFirstTest:
            """
            the test process crashed at \(source):\(line) (`\(text)`) while no test was running, before its first \
            reported test: the run cannot pass
            """
        case .crashAfterTest:
            """
            the test process crashed at \(source):\(line) (`\(text)`) while no test was running, after its last \
            reported test: the run cannot pass
            """
        case .crashAboveTheInput:
            """
            the test process crashed at \(source):\(line) (`\(text)`) in a test the input does not show starting (it \
            begins inside Swift Testing's run): the run cannot pass
            """
        case .crashAtExit:
            """
            the test process crashed at \(source):\(line) (`\(text)`) after its closing totals, as it exited: the run \
            cannot pass
            """
        case .suiteIssue:
            """
            a Swift Testing suite recorded an issue outside its tests at \(source):\(line) (`\(text)`): the run cannot \
            pass
            """
        case .issueOutsideTests:
            """
            Swift Testing recorded an issue outside any test at \(source):\(line) (`\(text)`): the run cannot pass
            """
        case .sanitizerReport:
            """
            \(text) at \(source):\(line): the sanitizer makes the test process exit non-zero, so the run cannot pass \
            whatever its tests said
            """
        case .bazelSummary:
            """
            Bazel's test summary says `\(text)` (\(source):\(line)), yet no test the input shows failed: that \
            target's tests did not pass, so the run cannot pass
            """
        }
    }
}
