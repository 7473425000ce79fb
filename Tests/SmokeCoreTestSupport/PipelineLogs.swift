/// `swift test` console logs as pipelines deliver them: every line prefixed (moreutils `ts`, GNU `parallel --tag`),
/// or two processes' lines interleaved (`xargs -P2`, `make -j2`). Written for the tests, in `swift test`'s shapes.
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

    /// Two processes' lines, taken one from each in turn.
    static func interleaved(_ first: String, _ second: String) -> String {
        let one = first.split(separator: "\n", omittingEmptySubsequences: false)
        let two = second.split(separator: "\n", omittingEmptySubsequences: false)
        return (0..<max(one.count, two.count)).flatMap { index in
            [index < one.count ? one[index] : nil, index < two.count ? two[index] : nil].compactMap { $0 }
        }.joined(separator: "\n")
    }

    /// One passing XCTest process running `tests` of `suite` (`swift test --filter`).
    static func process(_ suite: String, _ tests: [String]) -> String {
        let cases = tests.flatMap {
            ["Test Case '\(suite).\($0)' started at x", "Test Case '\(suite).\($0)' passed (0.001 seconds)"]
        }
        let executed = "\t Executed \(tests.count) tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds"
        return
            ([
                "Test Suite 'Selected tests' started at 2026-03-01 10:00:00.000",
                "Test Suite '\(suite)' started at 2026-03-01 10:00:00.000",
            ] + cases + [
                "Test Suite '\(suite)' passed at 2026-03-01 10:00:00.010", executed,
                "Test Suite 'Selected tests' passed at 2026-03-01 10:00:00.010", executed,
            ]).joined(separator: "\n")
    }

    /// One passing Swift Testing process running `tests`.
    static func swiftTestingProcess(_ tests: [String]) -> String {
        let lines = tests.flatMap { ["◇ Test \($0) started.", "✔ Test \($0) passed after 0.001 seconds."] }
        return
            (["◇ Test run started.", "↳ Testing Library Version: 6.3.1"] + lines + [
                "✔ Test run with \(tests.count) tests in 0 suites passed after 0.001 seconds."
            ]).joined(separator: "\n")
    }

    /// A Swift Testing run as `swift test` prints it on Linux: a test passes, one fails, one is skipped.
    static let swiftTestingRun = """
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1
        ↳ Target Platform: x86_64-unknown-linux-gnu
        ◇ Suite CartSuite started.
        ◇ Test adds() started.
        ◇ Test totals() started.
        ➜ Test later() skipped: "not today"
        ✘ Test totals() recorded an issue at CartTests.swift:5:22: Expectation failed: (add(1, 1) → 2) == 3
        ↳ A detail of the issue
        ✔ Test adds() passed after 0.001 seconds.
        ✘ Test totals() failed after 0.001 seconds with 1 issue.
        ✘ Suite CartSuite failed after 0.002 seconds with 1 issue.
        ✘ Test run with 3 tests in 1 suite failed after 0.002 seconds with 1 issue.
        """

    /// `text` as `cat -v` (and `less`) shows it: a byte from 0x80 as `M-` and its low seven bits, a control character
    /// (but a TAB or a newline) as `^X`, DEL as `^?`.
    static func catV(_ text: String) -> String {
        var shown: [UInt8] = []
        func show(_ byte: UInt8) {
            switch byte {
            case 0x09, 0x0A, 0x20..<0x7F: shown.append(byte)
            case 0x7F: shown += Array("^?".utf8)
            default: shown += [UInt8(ascii: "^"), byte + 0x40]
            }
        }
        for byte in text.utf8 {
            if byte >= 0x80 {
                shown += Array("M-".utf8)
                show(byte & 0x7F)
            } else {
                show(byte)
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }
}
