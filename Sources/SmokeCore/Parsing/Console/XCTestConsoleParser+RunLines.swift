/// The lines about the run rather than one test's outcome: `swift test --parallel`'s progress, XCTest's totals.
extension XCTestConsoleParser {
    /// `[3/40] Testing Module.Class/testX` — `swift test --parallel` (Linux) names every test it ran this way, as each
    /// one ends, and prints the output of failing ones only: the test, and that it was the 3rd of 40 to report.
    static func parallelProgress(_ line: LineBytes, _ start: Int) -> (event: TestEvent, reported: Int, total: Int)? {
        let slash = line.endOfDigits(from: start + 1)
        guard slash > start + 1, slash < line.count, line[slash] == UInt8(ascii: "/") else { return nil }
        let close = line.endOfDigits(from: slash + 1)
        guard close > slash + 1, line.hasPrefix("] Testing ", at: close),
            let reported = line.integer((start + 1)..<slash), let total = line.integer((slash + 1)..<close),
            let ref = swiftPMTestRef(line, (close + 10)..<line.count)
        else { return nil }
        return (.testNamed(ref), reported, total)
    }

    /// `Module.Class/testX` in `range`, as SwiftPM names an XCTest test in its progress and process lines.
    static func swiftPMTestRef(_ line: LineBytes, _ range: Range<Int>) -> TestRef? {
        let nameStart = range.lowerBound
        guard let separator = line.lastIndex(of: UInt8(ascii: "/"), before: range.upperBound), separator > nameStart,
            separator + 1 < range.upperBound,
            let dot = line.firstIndex(of: UInt8(ascii: "."), from: nameStart, upTo: separator)
        else { return nil }
        var buffer: [UInt8] = []
        return TestRef(
            framework: .xctest, line: line, module: nameStart..<dot, suite: (dot + 1)..<separator,
            name: (separator + 1)..<range.upperBound, reusing: &buffer)
    }

    /// `Executed 9 tests, with 1 test skipped and 2 failures (0 unexpected) in 0.1 (0.1) seconds`.
    static func summaryLine(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("Executed ", at: start) else { return nil }
        let countEnd = line.endOfDigits(from: start + 9)
        guard let executed = line.integer((start + 9)..<countEnd),
            let with = line.firstIndex(of: "with ", from: countEnd)
        else {
            return nil
        }
        var failuresStart = with + 5
        if let and = line.firstIndex(of: "skipped and ", from: failuresStart) { failuresStart = and + 12 }
        let failures = line.integer(failuresStart..<line.endOfDigits(from: failuresStart)) ?? 0
        return .runSummary(executed: executed, failures: failures)
    }

    /// `Test Suite 'Name' started at …` / `passed at …` / `failed at …` / `finished at …`,
    /// and the parallel `Test suite 'Name' started on 'Clone 1 of …'`.
    static func suiteLine(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("Test Suite '", at: start) || line.hasPrefix("Test suite '", at: start) else { return nil }
        let nameStart = start + 12
        var search = nameStart
        while let quote = line.firstIndex(of: UInt8(ascii: "'"), from: search) {
            search = quote + 1
            let verb = quote + 2
            guard quote + 1 < line.count, line[quote + 1] == UInt8(ascii: " ") else { continue }
            if line.hasPrefix("started", at: verb) { return .suiteStarted(name: line.string(nameStart..<quote)) }
            if line.hasPrefix("passed", at: verb) || line.hasPrefix("finished", at: verb) {
                return .suiteFinished(name: line.string(nameStart..<quote), passed: true)
            }
            if line.hasPrefix("failed", at: verb) {
                return .suiteFinished(name: line.string(nameStart..<quote), passed: false)
            }
        }
        return nil
    }
}
