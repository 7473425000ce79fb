import Foundation

/// JUnit XML (`<testsuites>` or `<testsuite>`): `swift test --xunit-output` (XCTest's file and the `-swift-testing`
/// one), fastlane trainer, xcresultparser, xcbeautify's and test_center's reports, read by `JUnitDocumentParser`.
package struct JUnitFormat: InputFormat, DocumentReader {
    package var name: String { "junit" }

    package func claims(head: InputHead) -> Bool { head.content(opensWith: "<", containing: "<testsuite") }

    package func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument {
        let source = path.split(separator: "/").last.map(String.init) ?? path
        let document = try JUnitDocumentParser.parse(data, path: path, source: source)
        return ParsedDocument(
            tests: document.tests, unrecognized: document.unrecognized, counts: document.counts,
            durationSeconds: document.durationSeconds, startedAt: document.startedAt, endsAtLine: document.endsAtLine)
    }
}
