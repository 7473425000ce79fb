/// `swift test` console logs as pipelines deliver them: every line prefixed (moreutils `ts`, GNU `parallel --tag`).
/// Written for the tests, in `swift test`'s shapes.
enum PipelineLogs {
    /// XCTest's two tests, one failing, then an empty Swift Testing run.
    static let failing = """
        Building for debugging...
        Build complete! (0.20s)
        Test Suite 'Selected tests' started at 2026-03-01 10:00:00.000
        Test Suite 'CartTests' started at 2026-03-01 10:00:00.001
        Test Case 'CartTests.testAdd' started at 2026-03-01 10:00:00.001
        Test Case 'CartTests.testAdd' passed (0.002 seconds)
        Test Case 'CartTests.testTotal' started at 2026-03-01 10:00:00.003
        /src/Tests/CartTests.swift:12: error: CartTests.testTotal : XCTAssertEqual failed: ("1") is not equal to ("2")
        Test Case 'CartTests.testTotal' failed (0.001 seconds)
        Test Suite 'CartTests' failed at 2026-03-01 10:00:00.004
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
        Test Suite 'Selected tests' failed at 2026-03-01 10:00:00.004
        \t Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1
        ✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.
        """

    /// A test passes, the next crashes the process.
    static let crashing = """
        Test Suite 'All tests' started at 2026-03-01 10:00:00.000
        Test Suite 'CartTests' started at 2026-03-01 10:00:00.001
        Test Case 'CartTests.testAdd' started at 2026-03-01 10:00:00.001
        Test Case 'CartTests.testAdd' passed (0.002 seconds)
        Test Case 'CartTests.testCrash' started at 2026-03-01 10:00:00.003
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
        """

    /// `log` with `prefix(n)` before its line n (0-based).
    static func prefixed(_ log: String, _ prefix: (Int) -> String) -> String {
        log.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { prefix($0.offset) + $0.element }.joined(separator: "\n")
    }
}
