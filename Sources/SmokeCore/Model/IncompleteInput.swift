/// An input that ends before the run it records did: tests were still running at its last line and nothing says
/// how they ended (a log cut by a size limit, `head`, a paste). Their status is `unfinished`, never a failure, but
/// for a test that had recorded a failure: it is `failed`, with that issue line as its evidence.
package struct IncompleteInput: Codable, Sendable, Equatable {
    package var source: String
    package var lastLine: Int
    package var lastLineText: String
    /// Tests that were running when it ends, or, with `endedAtLine`, that were running where their run ended before it.
    package var unfinished: Int
    /// The line where a run ended (another started) with `unfinished` tests still running, when the input's own last
    /// run ended in its own words: the input is whole, but that run is not.
    package var endedAtLine: Int?

    package init(source: String, lastLine: Int, lastLineText: String, unfinished: Int) {
        self.source = source
        self.lastLine = lastLine
        self.lastLineText = lastLineText
        self.unfinished = unfinished
    }
}
