import SmokeCore

/// What `LogParser` found in one or more logs.
package struct ParsedLog: Sendable {
    /// In the order the tests started, across all inputs; compact (see `TestTable`).
    package var tests: TestTable
    package var attachments: [RawAttachment]
    /// Lines no rule matched and no running test owned (pinned by the corpus ratchet).
    package var unrecognizedLineCount: Int
    package var lineCount: Int
    package var byteCount: Int
    /// The format of each input, in order, by name.
    var formats: [String]
    /// The run destination a saved xcresulttool document lists (its `devices[]`); nil for logs.
    package var device: ResolvedDevice? = nil
    /// Records that were cut or could not be read, each naming the file and line: the report lists
    /// them under `errors`, so nothing is lost without a word.
    package var problems: [String] = []
    /// What the frameworks said about the run in the inputs' own totals lines, read apart from the per-test rules.
    package var frameworkCounts: [FrameworkCount] = []
    /// How each input was read, in order.
    package var inputs: [InputRecord] = []
    /// When the run ran, as the inputs record it (suite stamps, totals, event-stream instants).
    package var times = RecordedRunTimes()
    /// The first input that ends while tests were running; nil when every input is whole.
    package var incomplete: IncompleteInput?
    /// The first input line that says the run was stopped (`** BUILD INTERRUPTED **`, a CI cancel): the run is
    /// `interrupted`, not cut short.
    package var interruption: Evidence?
    /// Lines that say the run failed whatever its tests say (xcodebuild's own verdict, a crash while no test ran), for
    /// reconciliation.
    package var runFailures: [RunFailureEvidence] = []
    /// The documents read that carry no totals of their own (`Reconciliation.documentsWithoutTotals`).
    package var documentsWithoutTotals: [String] = []

    /// A `TestResult` per test, in order: for reports that show every test. A million are made on two threads, each
    /// making its half in place.
    package var results: [TestResult] {
        let count = tests.count
        guard count >= Self.resultsOnTwoThreadsFrom else { return tests.results }
        let table = tests
        return [TestResult](unsafeUninitializedCapacity: count) { buffer, initialized in
            let half = count / 2
            let secondHalf = UncheckedPointer(start: buffer.baseAddress! + half)
            let making = BlockingWork.start { table.initializeResults(half..<count, at: secondHalf.start) }
            table.initializeResults(0..<half, at: buffer.baseAddress!)
            try? making() // throws nothing: it only waits
            initialized = count
        }
    }

    static let resultsOnTwoThreadsFrom = ScaleThresholds.resultsOnTwoThreadsFromTests

    /// Where the other thread writes its half: memory no one else touches until it is done.
    private struct UncheckedPointer: @unchecked Sendable {
        let start: UnsafeMutablePointer<TestResult>
    }

    /// smokerun's results checked against `frameworkCounts`; nil when no input carries totals.
    var reconciliation: Reconciliation? {
        Reconciliation.compare(
            frameworkCounts, with: results, runFailures: runFailures, documentsWithoutTotals: documentsWithoutTotals)
    }
}
