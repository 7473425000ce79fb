import Foundation

/// One `ActionTestPlanRunSummaries` JSON document of the legacy `xcresulttool get --legacy --format json` graph.
package struct XCResultLegacyFormat: InputFormat, DocumentReader {
    package var name: String { "xcresultLegacy" }

    package func claims(head: InputHead) -> Bool {
        head.content(opensWith: "{", containing: "\"_type\"") && head.content(opensWith: "{", containing: "\"_name\"")
    }

    package func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument {
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
                reason: "the ActionTestPlanRunSummaries holds no tests (\(mapped.unrecognized) nodes not understood).")
        }
        return ParsedDocument(tests: mapped.tests, unrecognized: mapped.unrecognized)
    }
}
