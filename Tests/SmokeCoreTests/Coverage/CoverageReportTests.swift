import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The coverage model's sums.
@Suite struct CoverageReportTests {
    let report = CoverageFixtures.report

    @Test func reportTotalsAreSumsAndEmptyFilesDoNotDragThem() {
        #expect(report.totals.lines == CoverageFixtures.count(21, 151))
        #expect(report.modules.map(\.name) == ["App", "Core", "Networking"])
        #expect(report.modules.first { $0.name == "Core" }?.lines == CoverageFixtures.count(6, 9))
        #expect(report.modules.first { $0.name == "Core" }?.files == 2)
    }
}
