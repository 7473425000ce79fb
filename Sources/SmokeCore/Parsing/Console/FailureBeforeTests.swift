/// What a log without test results shows failed before any test ran (the test runner, the build, xcodebuild, a
/// crash). `parse` turns it into a run with status `error` (exit 3), as `run` does for a failed build.
package struct FailureBeforeTests: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `Testing failed:` names the test runner's or a test target's error.
        case testRunner
        /// A compiler error (`File.swift:12:5: error: …`).
        case build
        /// Only GitHub `::error file=…` annotations say what failed (a log formatter's, which annotates failed test
        /// issues the same way: with the formatter's test lines, the log is a formatted one).
        case buildAnnotation
        /// `xcodebuild: error: …` (a scheme, destination or option it could not use).
        case xcodebuild
        /// Only xcodebuild's `** BUILD FAILED **` or `** TEST BUILD FAILED **` banner (`firstError`) says so.
        case buildBanner
        /// Only xcodebuild's `** TEST FAILED **` or `** TEST EXECUTE FAILED **` banner, no test line before it: the
        /// input may begin after the tests' lines (a log's tail), so nothing says whether any ran.
        case testBanner
        /// The test process crashed (`Fatal error: …`, `Exited with signal code 11`; `firstError` at `line`).
        case crash
    }

    package var kind: Kind
    /// The runner's error, or the first compiler or xcodebuild error line, as the log has it.
    package var firstError: String
    /// The error lines of the log, in order, the first of them `firstError` (at most `XcodebuildSummary.keptErrors`).
    package var errorLines: [String]
    /// The 1-based line of `firstError`, when it is known (a crash's).
    package var line: Int?

    package init(kind: Kind, firstError: String, errorLines: [String] = [], line: Int? = nil) {
        self.kind = kind
        self.firstError = firstError
        self.errorLines = errorLines.isEmpty ? [firstError] : errorLines
        self.line = line
    }

    /// What happened, naming the first error: the report's error message and junit.xml's `<error message=…>`.
    package var summary: String {
        switch kind {
        case .testRunner: "xcodebuild's test run failed before any test reported a result: \(firstError)"
        case .build, .buildAnnotation: "the build failed before any test ran: \(firstError)"
        case .xcodebuild: "xcodebuild stopped before any test ran: \(firstError)"
        case .buildBanner: "the build failed before any test ran (xcodebuild ended with `\(firstError)`)"
        case .testBanner:
            """
            xcodebuild ended with `\(firstError)`, and the input shows no test before it: it begins after the tests' \
            lines (a log's tail), or none ran
            """
        case .crash:
            "the test process crashed before any test reported a result, at line \(line ?? 1): \(firstError)"
        }
    }

    /// `summary` as a sentence: its own period when the error it names ends with one.
    package var sentence: String { summary.hasSuffix(".") ? summary : summary + "." }

    package var advice: String {
        switch kind {
        case .testRunner: "Fix what it names and run the tests again"
        case .build, .buildAnnotation, .xcodebuild: "Fix what it names and run again"
        case .buildBanner: "The lines above it in the log say why; fix that and run again"
        case .testBanner: "Parse the whole log, or the run's result bundle"
        case .crash: "The lines above it in the log say why; fix that and run the tests again"
        }
    }
}
