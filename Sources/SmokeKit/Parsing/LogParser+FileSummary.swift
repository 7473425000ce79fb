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
        /// Of a document's tests, how many joined a test a log showed.
        var joinedTests = 0
        var testCount = 0
    }
}
