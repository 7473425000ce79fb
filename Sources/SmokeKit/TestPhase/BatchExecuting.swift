import SmokeCore

/// What a driver knows how to do in the test phase: run one batch with its tool and turn what the
/// tool said into results. Everything around it (re-runs, retries, deadlines) is `TestPhase`'s.
protocol BatchExecuting {
    /// Runs `batch`. A first attempt (`isRetry` false) may report tests of the plan that it was not
    /// asked for (an xcodebuild bundle can hold more); a retry reports only what it was asked for.
    /// `onTestStarted` is told each test's id as it starts, where the tool says so while it runs (the live line);
    /// `onTestFinished` about each result as it is known.
    mutating func execute(
        _ batch: TestBatch, isRetry: Bool, onTestStarted: @escaping (String) -> Void,
        onTestFinished: @escaping (TestResult) -> Void
    ) throws -> BatchOutcome
}
