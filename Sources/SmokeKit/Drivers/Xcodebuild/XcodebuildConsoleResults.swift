import Foundation
import SmokeCore

/// What one xcodebuild invocation's own output says of its tests, read line by line as `smokerun parse` reads a
/// console log (nothing of the output is kept): the account that stands when its result bundle is missing or cannot
/// be read, and the crashes and timeouts a bundle records only as failures.
struct XcodebuildConsoleResults {
    private var interpreter = LineInterpreter(timeZone: .current)
    private var sink: CollectorSink

    init(source: String, projectRoot: String) {
        interpreter.reader = .console
        sink = CollectorSink(collector: ResultCollector(projectRoot: projectRoot))
        sink.collector.source = source
    }

    mutating func read(_ line: String) {
        var line = line
        line.withUTF8 { interpreter.handle($0, into: &sink) }
    }

    /// The tests, once the invocation ended. A test smokerun stopped is left out (not `unfinished`) and returned
    /// apart, as `running`: the caller knows how it ended.
    mutating func finish(stopped: Bool) -> (ended: [TestResult], running: [TestResult]) {
        interpreter.finish(into: &sink)
        _ = sink.collector.finishAtEndOfInput(endedInSuccess: interpreter.sawSuccessBanner)
        let results = sink.collector.results
        guard stopped else { return (results, []) }
        return (results.filter { $0.status != .unfinished }, results.filter { $0.status == .unfinished })
    }

    /// A test the bundle records as failed whose end the output shows as a crash or a timeout (`Fatal error: …`,
    /// `Restarting after unexpected exit, crash, or test timeout in …`) ended that way: the bundle says `Failed` for both.
    static func refine(_ tests: inout [TestResult], by shown: [TestResult]) {
        guard tests.contains(where: { $0.status == .failed }) else { return }
        var endings: [String: TestResult] = [:]
        for test in shown where test.status == .crashed || test.status == .timedOut { endings[test.id] = test }
        for index in tests.indices where tests[index].status == .failed {
            guard let ending = endings[tests[index].id] else { continue }
            tests[index].status = ending.status
            tests[index].evidence = ending.evidence
        }
    }
}
