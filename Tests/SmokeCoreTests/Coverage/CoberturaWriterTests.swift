import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Cobertura XML with its summary rates and line hits.
@Suite struct CoberturaWriterTests {
    let report = CoverageFixtures.report
    let details = CoverageFixtures.details

    @Test func coberturaCarriesSummaryRatesAndLineHits() {
        let xml = CoberturaWriter.render(
            report, details: details, root: "/pkg & co", timestamp: Date(timeIntervalSince1970: 1_700_000_000))
        assertCoverageSnapshot(xml, named: "cobertura.xml")
    }

    @Test(arguments: [(0, 0, "1"), (7, 10, "0.7000"), (1, 3, "0.3333"), (10, 10, "1.0000"), (1, 20_000, "0.0000")])
    func coberturaRatesAreFlooredToFourDecimals(covered: Int, count: Int, expected: String) {
        #expect(CoberturaWriter.rate(CoverageCount(covered: covered, count: count)) == expected)
    }
}
