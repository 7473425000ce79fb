import SmokeCore

/// What `LogParser` found in one or more logs.
package struct ParsedLog: Sendable {
    /// In the order the tests started, across all inputs (see `TestTable`).
    package var tests: TestTable
    package var attachments: [RawAttachment]
    /// Lines no rule matched and no running test owned (pinned by the corpus ratchet).
    package var unrecognizedLineCount: Int
    package var lineCount: Int
    package var byteCount: Int
    var formats: [String]
    /// The run destination a saved xcresulttool document lists; nil for logs.
    package var device: ResolvedDevice? = nil
    /// Records that were cut or could not be read, each naming file and line: listed under `errors`.
    package var problems: [String] = []
    /// What the frameworks said in the inputs' own totals lines, read apart from the per-test rules.
    package var frameworkCounts: [FrameworkCount] = []
    package var inputs: [InputRecord] = []
    /// When the run ran, as the inputs record it.
    package var times = RecordedRunTimes()
    package var incomplete: IncompleteInput?
    /// The first line saying the run was stopped (`** BUILD INTERRUPTED **`, a CI cancel): `interrupted`, not cut short.
    package var interruption: Evidence?
    /// Lines that say the run failed whatever its tests say, for reconciliation.
    package var runFailures: [RunFailureEvidence] = []
    package var documentsWithoutTotals: [String] = []
    /// Per framework, logs several of its processes wrote into at once (`FrameworkTotalsReader.interleavedFrameworks`).
    package var interleavedInputs: [String: [String]] = [:]
    /// Per framework, logs in which one of its processes printed totals and another ended without.
    package var partlyClosedInputs: [String: [String]] = [:]

    /// A `TestResult` per test, in order, made on two threads, each making its half in place.
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

    private struct UncheckedPointer: @unchecked Sendable {
        let start: UnsafeMutablePointer<TestResult>
    }

    /// smokerun's results checked against `frameworkCounts`; nil when no input carries totals.
    var reconciliation: Reconciliation? {
        Reconciliation.compare(
            frameworkCounts, with: results, runFailures: runFailures, documentsWithoutTotals: documentsWithoutTotals,
            interleavedInputs: interleavedInputs, partlyClosedInputs: partlyClosedInputs)
    }

    /// Files the frameworks of `summary` whose totals cannot be checked, and why, under `input`'s name.
    mutating func noteUncheckedTotals(of summary: LogParser.FileSummary, in input: String) {
        for framework in summary.interleaved { interleavedInputs[framework.rawValue, default: []].append(input) }
        for framework in summary.partlyClosed { partlyClosedInputs[framework.rawValue, default: []].append(input) }
    }
}
