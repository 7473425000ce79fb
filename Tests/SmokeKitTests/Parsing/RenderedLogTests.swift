import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A log `cat -v` (or `less`) rendered, Swift Testing's symbols shown as `M-…` text, reads as the log it renders:
/// its failing test fails, never a pass or a run of nothing.
@Suite struct RenderedLogTests {
    private static func parse(_ text: String) throws -> ParsedLog {
        try LogParser().parse(files: [ParsingTestSupport.temporaryFile(Data(text.utf8))])
    }

    @Test func aCatVRenderedSwiftTestingLogReadsAsTheLogItRenders() throws {
        let log = PipelineLogs.failing + "\n" + PipelineLogs.swiftTestingRun
        let plain = try Self.parse(log)
        let rendered = try Self.parse(PipelineLogs.catV(log))
        #expect(rendered.results.map(\.id) == plain.results.map(\.id))
        #expect(rendered.results.map(\.status) == plain.results.map(\.status))
        #expect(rendered.results.map(\.status).contains(.skipped))
        #expect(rendered.unrecognizedLineCount == plain.unrecognizedLineCount)
        #expect(rendered.frameworkCounts.map(\.framework) == ["xctest", "swift-testing"])
        #expect(rendered.reconciliation?.agrees == true)
        #expect(rendered.incomplete == nil)
    }
}
