import Foundation

/// `xcresulttool get test-results summary`: counts without tests, refused with what to pass instead.
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
        throw .resultDocument(
            path: path,
            reason: """
                is the output of `xcrun xcresulttool get test-results summary`: it has the run's counts\(counts) but \
                no per-test results. Pass the output of `xcrun xcresulttool get test-results tests --path \
                B.xcresult` instead, or the .xcresult bundle itself.
                """)
    }
}
