import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// lcov's tracefile: what genhtml and the lcov reader read back.
@Suite struct LcovWriterTests {
    let report = CoverageFixtures.report
    let details = CoverageFixtures.details

    @Test func lcovHasDistinctLinesAndLlvmSummaryCounts() {
        assertCoverageSnapshot(LcovWriter.render(report, details: details, root: "/pkg"), named: "coverage.lcov")
    }

    @Test func lcovReaderReadsBackWhatTheWriterWrote() {
        let records = LcovReader.lines(in: LcovWriter.render(report, details: details, root: "/pkg"))
        #expect(
            records.first { $0.path == "/pkg/Sources/Core/Math.swift" }?.lines
                == details["Sources/Core/Math.swift"]?.lines)
        #expect(records.count == report.files.count)
    }
}
