import Foundation

/// SonarQube's generic test execution XML (`<testExecutions>`): refused with what to pass instead.
package struct SonarTestExecutionsFormat: InputFormat, DocumentReader {
    package var name: String { "sonarTestExecutions" }

    package func claims(head: InputHead) -> Bool { head.content(opensWith: "<", containing: "<testExecutions") }

    package func read(_ data: Data, path: String) throws(ParseError) -> ParsedDocument {
        throw .resultDocument(
            path: path,
            reason: """
                is a SonarQube generic test execution report (<testExecutions>, as `xcresultparser -o sonar` \
                writes it), which keeps no test classes, frameworks or run order. Pass a JUnit report \
                (`xcresultparser -o junit`), the .xcresult bundle, or the test output itself.
                """)
    }
}
