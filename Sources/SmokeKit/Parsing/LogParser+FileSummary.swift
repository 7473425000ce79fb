import Foundation
import SmokeCore

extension LogParser {
    /// What one input told besides its tests: its format and size, counts, times, and how it ended.
    struct FileSummary: Sendable {
        var format: any InputFormat
        var lineCount: Int
        var byteCount: Int
        var sha256: String?
        var device: ResolvedDevice? = nil
        var problems: [String] = []
        var frameworkCounts: [FrameworkCount] = []
        /// The CI line prefix or wrapper removed most often (`github-actions-timestamp`, `worker-prefix`, …).
        var strippedPrefix: String?
        var firstUnrecognizedLine: Int?
        var times = RecordedRunTimes()
        var incomplete: IncompleteInput? = nil
        var interruption: Evidence? = nil
        /// Lines that say the run failed whatever its tests say (xcodebuild's verdict, a crash while no test ran).
        var runFailures: [RunFailureEvidence] = []
        /// A document or event stream that carries no totals of its own.
        var isDocumentWithoutTotals = false
        /// Frameworks several processes of which wrote into this log at once.
        var interleaved: Set<TestFramework> = []
        /// Frameworks one process of which printed totals and another ended without (`partlyClosedFrameworks`).
        var partlyClosed: Set<TestFramework> = []
        /// Of a document's tests, how many joined a test a log showed.
        var joinedTests = 0
        var testCount = 0
        /// Why the document cannot be read alone (`ParsedDocument.refusedAlone`).
        var refusedAlone: ParseError? = nil
    }
}

extension LogParser {
    /// The last non-blank line of the file, at most 200 characters: what an incomplete input's report quotes.
    static func lastLineText(descriptor: Int32, size: Int) -> String {
        let tailSize = min(size, 4096)
        var tail = [UInt8](repeating: 0, count: tailSize)
        let read = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, tailSize, off_t(size - tailSize)) }
        guard read > 0 else { return "" }
        let text = String(decoding: tail.prefix(read), as: UTF8.self)
        let last = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return last.count > 200 ? String(last.prefix(200)) + "…" : String(last)
    }
}
