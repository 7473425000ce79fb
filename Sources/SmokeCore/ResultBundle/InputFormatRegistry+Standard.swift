/// The formats `smokerun parse` reads by default, here because it names the xcresult formats beside Parsing's own.
extension InputFormatRegistry {
    package static let standard = InputFormatRegistry(
        formats: [
            EventStreamFormat(),
            XCResultTestsFormat(),
            XCResultLegacyFormat(),
            XCResultSummaryFormat(),
            JUnitFormat(),
            SonarTestExecutionsFormat(),
        ],
        fallback: ConsoleFormat())
}
