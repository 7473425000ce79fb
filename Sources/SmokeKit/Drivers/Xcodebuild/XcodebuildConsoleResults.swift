import Foundation
import SmokeCore

/// What one xcodebuild invocation's own output says of its tests, read as `smokerun parse` reads a console log: the
/// account that stands when its result bundle is missing or cannot be read.
enum XcodebuildConsoleResults {
    static func results(of lines: [String], source: String, projectRoot: String) -> [TestResult] {
        var interpreter = LineInterpreter(timeZone: .current)
        interpreter.reader = .console
        var sink = CollectorSink(collector: ResultCollector(projectRoot: projectRoot))
        sink.collector.source = source
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { interpreter.handle($0, into: &sink) }
        }
        interpreter.finish(into: &sink)
        _ = sink.collector.finishAtEndOfInput(endedInSuccess: interpreter.sawSuccessBanner)
        return sink.collector.results
    }
}

extension XcodebuildConsoleResults {
    /// A test the bundle records as failed whose end the output shows as a crash or a timeout (`Fatal error: …`,
    /// `Restarting after unexpected exit, crash, or test timeout in …`) ended that way: the bundle says `Failed` for both.
    static func refine(_ tests: inout [TestResult], by lines: [String], source: String, projectRoot: String) {
        guard tests.contains(where: { $0.status == .failed }) else { return }
        var shown: [String: TestResult] = [:]
        for test in results(of: lines, source: source, projectRoot: projectRoot)
        where test.status == .crashed || test.status == .timedOut {
            shown[test.id] = test
        }
        for index in tests.indices where tests[index].status == .failed {
            guard let ending = shown[tests[index].id] else { continue }
            tests[index].status = ending.status
            tests[index].evidence = ending.evidence
        }
    }
}
