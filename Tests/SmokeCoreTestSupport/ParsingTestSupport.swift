import Foundation

@testable import SmokeCore

/// Helpers shared by the parsing tests: run text through the real splitter and parsers.
enum ParsingTestSupport {
    /// The console events of every line of `text`.
    static func consoleEvents(_ text: String) -> [TestEvent] {
        var parser = ConsoleParser()
        var events: [TestEvent] = []
        var splitter = LineSplitter()
        splitter.push(Data(text.utf8)) { events.append(parser.parse($0)) }
        splitter.finish { events.append(parser.parse($0)) }
        return events
    }

    /// The single console event of one line.
    static func consoleEvent(_ line: String) -> TestEvent? {
        consoleEvents(line).first
    }

    /// Folds console text into a collector.
    static func collect(_ text: String, knownTests: [String] = [], projectRoot: String? = nil) -> ResultCollector {
        var collector = ResultCollector(knownTests: knownTests, projectRoot: projectRoot)
        for event in consoleEvents(text) { collector.apply(event) }
        return collector
    }

    /// Folds console lines into a collector, each with its 1-based number, as a file's are; `finishing` ends the input.
    static func collect(lines: [String], finishing: Bool = false) -> ResultCollector {
        var parser = ConsoleParser()
        var collector = ResultCollector()
        for (number, line) in lines.enumerated() {
            collector.line = number + 1
            Array(line.utf8).withUnsafeBufferPointer { collector.apply(parser.parse($0)) }
            while let deferred = parser.takeDeferred() { collector.apply(deferred) }
        }
        if let last = parser.finish() { collector.apply(last) }
        if finishing { _ = collector.finishAtEndOfInput(endedInSuccess: false) }
        return collector
    }

    /// Writes `bytes` to a fresh temporary file and returns its URL.
    static func temporaryFile(_ bytes: Data, name: String = "log.txt") throws -> URL {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-parsing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try bytes.write(to: file)
        return file
    }

    static func xctest(_ suite: String, _ name: String, module: String? = nil) -> TestRef {
        TestRef(framework: .xctest, module: module, suite: suite, name: name)
    }
}
