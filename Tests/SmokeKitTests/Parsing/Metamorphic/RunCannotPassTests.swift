import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// Every corpus console log with a line appended that says the run failed — xcodebuild's failure banner, the test
/// process's crash — never
/// reads as a run that could pass: a test fails, or reconciliation lists the line (and the run cannot pass), or the
/// parse refuses the log (it failed before any test, or holds none).
@Suite(.enabled(if: CorpusLocation.shouldRun, "the shared corpus (../shared/corpus) is not beside the package"))
struct RunCannotPassTests {
    /// Lines appended at the end of a log, each one alone enough to fail a run.
    static let endings: [String] = [
        "** TEST FAILED **", "** TEST EXECUTE FAILED **", "Exited with signal code 11",
        "error: Exited with unexpected signal code 4", "💣 Program crashed: Signal 11: Backtracing from 0x0",
    ]

    /// The console logs (not event streams).
    static let logs: [String] = MetamorphicCorpusTests.logs.filter { log in
        guard let bytes = try? [UInt8](Data(contentsOf: CorpusLocation.file(log))) else { return false }
        return bytes.withUnsafeBufferPointer { InputFormatRegistry.standard.detect($0).name } != "eventStream"
    }

    @Test func theCorpusHasConsoleLogs() throws {
        try CorpusLocation.require()
        #expect(Self.logs.count >= 30)
    }

    @Test(arguments: logs, endings)
    func aLogEndingInAFailureLineCannotPass(_ log: String, _ ending: String) throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file(log)
        var lines = LogLines(try [UInt8](Data(contentsOf: file)))
        lines.append([ending])
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let ended = folder.url.appendingPathComponent(file.lastPathComponent)
        try Data(lines.bytes).write(to: ended)
        let parsed: ParsedLog
        do {
            parsed = try LogParser().parse(files: [ended])
        } catch {
            // No test at all: a run that failed before its tests, or a log without tests (a build log); never a pass.
            switch error {
            case .failedBeforeTests, .noTestOutput: return
            default: Issue.record("\(log) + `\(ending)`: \(error)")
            }
            return
        }
        let failing = parsed.results.contains { $0.status.isFailure }
        let runFailures = parsed.reconciliation?.runFailures ?? []
        #expect(failing || !runFailures.isEmpty, "\(log) + `\(ending)`: nothing says the run cannot pass")
        if !failing {
            #expect(runFailures.contains { $0.text == ending && $0.line == lines.count }, "\(log): \(runFailures)")
            #expect(parsed.incomplete == nil || ending.hasPrefix("** "), "\(log): a crash is not a cut log")
        }
    }
}
