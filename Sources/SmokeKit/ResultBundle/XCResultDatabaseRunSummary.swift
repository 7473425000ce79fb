import Foundation
import SmokeCore

/// What a bundle's database says about the run as a whole: its interval and Xcode's own per-test results. Pure.
enum XCResultDatabaseRunSummary {
    /// Xcode's result per test case; the row with no destination and configuration is the one its summary counts.
    static let resultsTable = "TestCaseResultsByDestinationAndConfiguration"

    /// The earliest action start and latest finish; the invocation's timestamp stands in for a missing start.
    static func interval(_ snapshot: XCResultDatabaseSnapshot) -> (startedAt: Date?, finishedAt: Date?) {
        let actions = snapshot.rows("Actions")
        let dates = { (rows: [XCResultDatabaseRow], column: String) in
            rows.compactMap { PlausibleTime.date(sinceReferenceDate: $0.double(column)) }
        }
        let startedAt = dates(actions, "started").min() ?? dates(snapshot.rows("Invocations"), "timestamp").min()
        var finishedAt = dates(actions, "finished").max()
        if let start = startedAt, let end = finishedAt, end < start { finishedAt = start }
        return (startedAt, finishedAt)
    }

    /// Xcode's own count of test cases and failed ones from `resultsTable`; empty when the table is absent or empty.
    static func counts(_ snapshot: XCResultDatabaseSnapshot, bundleName: String) -> [FrameworkCount] {
        guard snapshot.tables[resultsTable] != nil else { return [] }
        let overall = snapshot.rows(resultsTable).filter {
            $0.int("configuration_fk") == nil && $0.int("destination_fk") == nil
        }
        var resultByCase: [Int: String] = [:]
        for row in overall {
            guard let testCase = row.int("testCase_fk") else { continue }
            resultByCase[testCase] = row.text("result") ?? resultByCase[testCase] ?? ""
        }
        guard !resultByCase.isEmpty else { return [] }
        let failures = resultByCase.values.filter { XCResultDatabaseRunReader.status($0) == .failed }.count
        return [
            FrameworkCount(
                framework: "xcresult", tests: resultByCase.count, failures: failures,
                from: "\(bundleName): database.sqlite3 \(resultsTable)")
        ]
    }
}
