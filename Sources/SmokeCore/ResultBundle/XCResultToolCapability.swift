/// Which reading API an installed `xcresulttool` offers, from what it says about itself. Pure.
package enum XCResultToolCapability: Sendable, Equatable {
    /// Xcode 16+: `get test-results summary|tests|activities` and `export attachments`.
    case testResults
    /// Older tools: only the `get --format json` object graph.
    case legacyGraph

    /// From `xcresulttool version`: Xcode 16+ prints "… (legacy commands format version: 3.53)", because the
    /// object-graph commands became legacy when `test-results` arrived. Nil when the text does not tell.
    package static func fromVersion(_ text: String) -> XCResultToolCapability? {
        text.contains("legacy commands format version") ? .testResults : nil
    }

    /// From `xcresulttool get --help`: the new API lists a `test-results` subcommand.
    package static func fromHelp(_ text: String) -> XCResultToolCapability {
        text.contains("test-results") ? .testResults : .legacyGraph
    }
}
