import SmokeCore

/// What a driver does in the test phase: run one batch with its tool and turn its output into results.
/// Re-runs, retries and deadlines are `TestPhase`'s.
protocol BatchExecuting {
    /// Runs `batch`. A first attempt may report tests of the plan it was not asked for (an xcodebuild bundle can hold
    /// more); a retry reports only what it was asked for.
    mutating func execute(
        _ batch: TestBatch, isRetry: Bool, onTestStarted: @escaping (String) -> Void,
        onTestFinished: @escaping (TestResult) -> Void
    ) throws -> BatchOutcome
}
