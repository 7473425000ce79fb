/// The input sizes from which smokerun uses a second thread or a pipeline of chunks, in one place. Equality tests
/// behind every fast path hold the results the same on both sides of each.
package enum ScaleThresholds {
    /// Bytes `parse` reads per system call.
    package static let readChunkBytes = 1 << 20
    /// Bytes of a log from which lines are interpreted on one thread and their events applied on another.
    package static let pipelinedParseFromBytes = 8 * readChunkBytes
    /// Bytes of input up to which `parse --summary-only` keeps everything a report keeps, so it reconciles and exits
    /// as `parse --output` does; above it, statuses only (memory stays flat) and no reconciliation.
    package static let summaryKeepsEverythingUpToBytes = 64 * readChunkBytes
    /// Tests from which a parsed log's results are made on two threads.
    package static let resultsOnTwoThreadsFromTests = 20_000
    /// Tests from which a run's reports are written on several threads (one per per-test report).
    package static let reportsOnThreadsFromTests = 10_000
}
