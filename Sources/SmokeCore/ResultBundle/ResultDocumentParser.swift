import Foundation

/// Reads a saved xcresulttool JSON document (`get test-results tests`, or the legacy graph's
/// `ActionTestPlanRunSummaries`) for `smokerun parse`, through the same mapping `XCResultToolReader` uses, or a JUnit
/// XML file (`JUnitDocumentParser`). Documents that hold no per-test results (an xcresulttool summary, a SonarQube
/// test execution report) are refused with what to pass instead.
package enum ResultDocumentParser {
    /// Largest document read whole (they are trees, not streams).
    package static let byteLimit = 512 * 1024 * 1024

    /// `device` is the run destination the document lists (`devices[]`), as the bundle readers report it; `counts`
    /// the document's own totals (a JUnit file's).
    package static func parse(
        _ data: Data, format: LogFormat, path: String
    ) throws(ParseError) -> (
        tests: [TestResult], unrecognized: Int, device: ResolvedDevice?, counts: [FrameworkCount],
        durationSeconds: Double?
    ) {
        switch format {
        case .xcresultTests:
            let document: XCResultToolTestsDocument
            do {
                document = try JSONDecoder().decode(XCResultToolTestsDocument.self, from: data)
            } catch {
                throw .resultDocument(
                    path: path,
                    reason:
                        """
                        is not a valid `xcresulttool get test-results tests` document (\(error.localizedDescription)). \
                        Save the command's output unaltered.
                        """
                )
            }
            let mapped = XCResultToolTestMapping.map(document)
            guard !mapped.tests.isEmpty else {
                throw .resultDocument(
                    path: path,
                    reason:
                        """
                        the `testNodes` tree holds no test cases (\(mapped.unrecognizedNodeCount) nodes not \
                        understood). Pass the output of `xcresulttool get test-results tests` for a bundle that ran \
                        tests.
                        """
                )
            }
            return (mapped.tests, mapped.unrecognizedNodeCount, document.devices.first?.resolved, [], nil)
        case .xcresultLegacy:
            let json: Any
            do {
                json = try JSONSerialization.jsonObject(with: data)
            } catch {
                throw .resultDocument(
                    path: path,
                    reason:
                        """
                        is not valid JSON (\(error.localizedDescription)). Save the \
                        `xcresulttool get --legacy --format json` output unaltered.
                        """
                )
            }
            let root = XCResultToolLegacyGraph.rootType(of: json) ?? "an untyped object"
            guard root == "ActionTestPlanRunSummaries" else {
                throw .resultDocument(
                    path: path,
                    reason:
                        """
                        is a legacy xcresulttool \(root), which lists no tests. Pass the ActionTestPlanRunSummaries \
                        instead: `xcrun xcresulttool get --legacy --format json --path B.xcresult --id ID` with the \
                        `testsRef` id of the record.
                        """
                )
            }
            let mapped = XCResultToolLegacyGraph.tests(from: json)
            guard !mapped.tests.isEmpty else {
                throw .resultDocument(
                    path: path,
                    reason:
                        "the ActionTestPlanRunSummaries holds no tests (\(mapped.unrecognized) nodes not understood).")
            }
            return (mapped.tests, mapped.unrecognized, nil, [], nil)
        case .junit:
            let source = path.split(separator: "/").last.map(String.init) ?? path
            let document = try JUnitDocumentParser.parse(data, path: path, source: source)
            return (document.tests, document.unrecognized, nil, document.counts, document.durationSeconds)
        case .xcresultSummary:
            throw .resultDocument(path: path, reason: summaryReason(data))
        case .sonarTestExecutions:
            throw .resultDocument(
                path: path,
                reason: """
                    is a SonarQube generic test execution report (<testExecutions>, as `xcresultparser -o sonar` \
                    writes it), which keeps no test classes, frameworks or run order. Pass a JUnit report \
                    (`xcresultparser -o junit`), the .xcresult bundle, or the test output itself.
                    """)
        case .console, .eventStream:
            return ([], 0, nil, [], nil)
        }
    }

    /// Why an `xcresulttool get test-results summary` document is refused, with the counts it does hold.
    static func summaryReason(_ data: Data) -> String {
        let summary = try? JSONDecoder().decode(XCResultToolSummary.self, from: data)
        let counts =
            summary.flatMap { summary in
                summary.totalTestCount.map { total in
                    " (\(total) tests, \(summary.failedTests ?? 0) failed, \(summary.skippedTests ?? 0) skipped)"
                }
            } ?? ""
        return """
            is the output of `xcrun xcresulttool get test-results summary`: it has the run's counts\(counts) but no \
            per-test results. Pass the output of `xcrun xcresulttool get test-results tests --path B.xcresult` \
            instead, or the .xcresult bundle itself.
            """
    }
}
