import Foundation

/// `xcresulttool get test-results summary`: the run's counts without its tests. Beside the same bundle's `tests`
/// output (or its log) it is Xcode's own count, for reconciliation; alone it is refused with what to pass instead.
package struct XCResultSummaryFormat: InputFormat, DocumentReader {
    package var name: String { "xcresultSummary" }

    package func claims(head: InputHead) -> Bool { head.content(opensWith: "{", containing: "\"totalTestCount\"") }

    package func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument {
        let summary = try? JSONDecoder().decode(XCResultToolSummary.self, from: data)
        let counts =
            summary.flatMap { summary in
                summary.totalTestCount.map { total in
                    " (\(total) tests, \(summary.failedTests ?? 0) failed, \(summary.skippedTests ?? 0) skipped)"
                }
            } ?? ""
        let refusal = ParseError.resultDocument(
            path: path,
            reason: """
                is the output of `xcrun xcresulttool get test-results summary`: it has the run's counts\(counts) but \
                no per-test results. Pass the output of `xcrun xcresulttool get test-results tests --path \
                B.xcresult` instead (with this file beside it, if you like), or the .xcresult bundle itself.
                """)
        let source = path.split(separator: "/").last.map(String.init) ?? path
        guard let summary, let count = summary.count(bundleName: source) else { throw refusal }
        // Its start, not its length: inputs' durations add up, and the summary's is the whole run's.
        var document = ParsedDocument(
            tests: [], unrecognized: 0, device: summary.devices.first?.resolved, counts: [count],
            startedAt: summary.interval.startedAt)
        document.refusedAlone = refusal
        return document
    }
}
