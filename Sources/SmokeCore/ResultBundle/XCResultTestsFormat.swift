import Foundation

/// One JSON document from `xcresulttool get test-results tests`, read through `XCResultToolReader`'s mapping.
package struct XCResultTestsFormat: InputFormat, DocumentReader {
    package var name: String { "xcresultTests" }

    package func claims(head: InputHead) -> Bool { head.content(opensWith: "{", containing: "\"testNodes\"") }

    package func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument {
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
        return ParsedDocument(
            tests: mapped.tests, unrecognized: mapped.unrecognizedNodeCount, device: document.devices.first?.resolved)
    }
}
