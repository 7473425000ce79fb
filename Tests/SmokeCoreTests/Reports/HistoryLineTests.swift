import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct HistoryLineTests {
    private func line(_ report: RunReport) throws -> Data {
        var failure: (any Error)?
        let data = ReportSink.collect { sink in
            do { try HistoryLine.write(report, path: "runs/\(report.runID)", to: &sink) } catch { failure = error }
        }
        if let failure { throw failure }
        return data
    }

    private func decoded(_ data: Data) throws -> HistoryEntry {
        try JSONCoding.decoder().decode(HistoryEntry.self, from: data)
    }

    @Test func streamedLineReadsBackAsTheEntryTheEncoderWrote() throws {
        var report = ReportFixture.minimalReport
        report.tests = ReportFixture.tests
        let streamed = try line(report)
        let encoded = try JSONCoding.encoder(pretty: false).encode(
            HistoryEntry(report: report, path: "runs/\(report.runID)"))
        #expect(!streamed.contains(UInt8(ascii: "\n")))
        #expect(try decoded(streamed) == decoded(encoded))
        #expect(try decoded(streamed).outcomes.count == Set(report.tests.map(\.id)).count)
        #expect(try !decoded(streamed).flaky.isEmpty)
    }

    @Test func aRepeatedIdKeepsItsLastStatusAndDurationLikeTheDictionaryDid() throws {
        var report = ReportFixture.minimalReport
        report.tests = [
            TestResult(id: "M.S/a", name: "a", suite: "S", framework: .xctest, status: .failed, durationSeconds: 1),
            TestResult(
                id: "M.S/\"quoted\\", name: "q", suite: "S", framework: .xctest, status: .skipped, durationSeconds: 1e-7
            ),
            TestResult(
                id: "M.S/a", name: "a", suite: "S", framework: .xctest, status: .passed, durationSeconds: 2.5,
                flaky: true),
        ]
        let entry = try decoded(try line(report))
        #expect(entry.outcomes == ["M.S/a": .passed, "M.S/\"quoted\\": .skipped])
        #expect(entry.durations == ["M.S/a": 2.5, "M.S/\"quoted\\": 1e-7])
        #expect(entry.flaky == ["M.S/a"])
        #expect(entry == HistoryEntry(report: report, path: "runs/\(report.runID)"))
    }

    @Test func aDurationThatIsNotANumberIsLeftOutInsteadOfLosingTheLine() throws {
        var report = ReportFixture.minimalReport
        report.tests = [
            TestResult(
                id: "M.S/nan", name: "nan", suite: "S", framework: .xctest, status: .passed, durationSeconds: .nan),
            TestResult(
                id: "M.S/zero", name: "zero", suite: "S", framework: .xctest, status: .passed, durationSeconds: -0.0),
        ]
        let entry = try decoded(try line(report))
        #expect(entry.outcomes == ["M.S/nan": .passed, "M.S/zero": .passed])
        #expect(entry.durations == ["M.S/zero": 0])
    }

    @Test func aRunWithoutTestsWritesEmptyMaps() throws {
        var report = ReportFixture.minimalReport
        report.tests = []
        let text = String(decoding: try line(report), as: UTF8.self)
        #expect(text.contains(#""durations":{}"#) && text.contains(#""flaky":[]"#) && text.contains(#""outcomes":{}"#))
        #expect(try decoded(Data(text.utf8)) == HistoryEntry(report: report, path: "runs/\(report.runID)"))
    }
}
