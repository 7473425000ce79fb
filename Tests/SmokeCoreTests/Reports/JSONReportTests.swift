import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

@Suite struct JSONReportTests {
    @Test func matchesGoldenFile() {
        let text = String(decoding: JSONReport.render(ReportFixture.report), as: UTF8.self)
        assertSnapshot(text, named: "report.json")
    }

    @Test func hasExactlyTheDesignKeysAtTopLevelAndPerTest() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONReport.render(ReportFixture.report)) as? [String: Any])
        #expect(Set(object.keys) == Set(JSONReport.topLevelKeys))
        #expect(JSONReport.topLevelKeys.count == 29)
        let tests = try #require(object["tests"] as? [[String: Any]])
        for test in tests {
            #expect(Set(test.keys) == Set(JSONReport.testKeys))
        }
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(
            Set(totals.keys) == [
                "tests", "passed", "failed", "skipped", "expectedFailures", "crashed", "timedOut", "interrupted",
                "unfinished",
                "flaky",
            ])
        let attachment = try #require((tests.first?["attachments"] as? [[String: Any]])?.first)
        #expect(
            Set(attachment.keys) == [
                "name", "path", "mediaType", "size", "timestamp", "failureAssociated", "configuration",
            ])
        #expect(attachment["timestamp"] is NSNull && attachment["configuration"] is NSNull)
    }

    /// A shard's report says which shard it is, and reads back so: `merge` finds a missing or repeated shard by it.
    @Test func aShardsReportCarriesItsShardBackToMerge() throws {
        var report = ReportFixture.minimalReport
        report.shard = try ShardRecord.parse("2/3")
        let data = JSONReport.render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Set(JSONReport.topLevelKeys + ["shard"]))
        #expect(try JSONCoding.decoder().decode(RunReport.self, from: data).shard == report.shard)
    }

    @Test func keepsKeysWithNullWhenOptionalValuesAreMissing() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONReport.render(ReportFixture.minimalReport)) as? [String: Any])
        #expect(Set(object.keys) == Set(JSONReport.topLevelKeys))
        #expect(object["seed"] is NSNull)
        #expect(object["coverage"] is NSNull)
        #expect(object["toolchain"] is NSNull)
    }

    @Test func failureWithoutLocationWritesNullFileAndLine() throws {
        let text = String(decoding: JSONReport.render(ReportFixture.report), as: UTF8.self)
        #expect(text.contains(#"{"file":null,"line":null,"message":"#))
    }

    @Test func writesDatesAsISO8601UTC() {
        let text = String(decoding: JSONReport.render(ReportFixture.report), as: UTF8.self)
        #expect(text.contains("\"startedAt\" : \"2026-11-22T04:00:00Z\""))
        #expect(text.contains("\"finishedAt\" : \"2026-11-22T04:03:25Z\""))
    }

    @Test(arguments: [ReportFixture.report, ReportFixture.minimalReport])
    func decodesBackToTheSameReport(report: RunReport) throws {
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: JSONReport.render(report))
        #expect(decoded == report)
    }
}

/// `worker` and `position` in report.json: present on every test, null outside a parallel run, and the
/// hand-written fast path writes them exactly as `JSONEncoder` does.
@Suite struct JSONReportWorkerKeysTests {
    @Test func aParallelRunsWorkerAndPositionStreamAsJSONEncoderWritesThem() throws {
        var report = ReportFixture.minimalReport
        var first = TestResult(
            id: "M.S/a", name: "a", suite: "S", framework: .xctest, status: .passed, durationSeconds: 0.5, order: 1)
        (first.worker, first.position) = (2, 7)
        let serial = TestResult(
            id: "M.S/b", name: "b", suite: "S", framework: .xctest, status: .failed, durationSeconds: 1, order: 2)
        report.tests = [first, serial]
        let streamed = String(decoding: JSONReport.render(report), as: UTF8.self)
        #expect(streamed == String(decoding: JSONReport.encodedWhole(report), as: UTF8.self))
        #expect(streamed.contains(#""position":7,"#))
        #expect(streamed.contains(#""worker":2}"#))
        #expect(streamed.contains(#""worker":null}"#))
        let tests = try #require(
            (try JSONSerialization.jsonObject(with: Data(streamed.utf8)) as? [String: Any])?["tests"]
                as? [[String: Any]])
        #expect(tests.allSatisfy { Set($0.keys) == Set(JSONReport.testKeys) })
    }
}
