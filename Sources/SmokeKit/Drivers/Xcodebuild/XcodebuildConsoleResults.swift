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
