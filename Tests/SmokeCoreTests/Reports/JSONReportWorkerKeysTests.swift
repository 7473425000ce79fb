import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

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
