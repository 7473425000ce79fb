import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Swift Testing's display names: read from the event stream's test declarations, kept beside the id (which
/// stays the key) and written into report.json only where a test has one.
@Suite struct SwiftTestingDisplayNameTests {
    /// The results of an event stream, read the way a run reads it: parser into collector.
    private func results(_ lines: [String]) -> [TestResult] {
        var parser = SwiftTestingEventStreamParser()
        var collector = ResultCollector()
        for line in lines {
            guard let event = Array(line.utf8).withUnsafeBufferPointer({ parser.parse($0) }) else { continue }
            collector.apply(event)
        }
        return collector.results
    }

    @Test func aDeclaredDisplayNameReachesItsTestAndOnlyIt() throws {
        let id = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"
        let other = "ShopTests.CartSuite/removesItem()/CartSuite.swift:12:6"
        let declared = "ShopTests.CartSuite/neverRuns()/CartSuite.swift:20:6"
        func declaration(_ id: String, _ name: String) -> String {
            #"{"kind":"test","version":0,"payload":{"id":"\#(id)","kind":"function","name":"f()","displayName":"\#(name)"}}"#
        }
        func event(_ kind: String, _ id: String) -> String {
            #"{"kind":"event","version":0,"payload":{"kind":"\#(kind)","testID":"\#(id)","messages":[{"symbol":"pass","text":"ok"}]}}"#
        }
        let tests = results([
            declaration(id, "Adds an item"), declaration(declared, "Never runs in this batch"),
            event("testStarted", id), event("testEnded", id), event("testStarted", other), event("testEnded", other),
        ])
        #expect(tests.map(\.id) == ["ShopTests.CartSuite/addsItem()", "ShopTests.CartSuite/removesItem()"])
        #expect(tests.map(\.displayName) == ["Adds an item", nil])
        #expect(tests.first?.titledID == #""Adds an item" (ShopTests.CartSuite/addsItem())"#)
        let line = ProgressLine.render(try #require(tests.first), position: 1, total: 2, width: 120)
        #expect(line == #"[1/2] "Adds an item" (CartSuite/addsItem()) ✔"#)
    }

    @Test(.enabled(if: CorpusLocation.shouldRun, "needs ../shared/corpus/swift-testing"))
    func aRealStreamsDisplayNameIsKept() throws {
        try CorpusLocation.require()
        let file = CorpusLocation.file("swift-testing/eventstream__probe_run_parameterized.jsonl")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let plain = try #require(results(lines).first { $0.id == "ProbeTests.SampleSuite/plain()" })
        #expect(plain.displayName == "Pretty plain")
    }

    @Test func reportJSONHasTheFieldForEveryTestNullWhereNone() throws {
        var report = ReportFixture.minimalReport
        var named = TestResult(id: "M.S/f()", name: "f()", suite: "S", framework: .swiftTesting, status: .passed)
        named.displayName = "Does the thing"
        let plain = TestResult(id: "M.S/g()", name: "g()", suite: "S", framework: .swiftTesting, status: .passed)
        report.tests = [named, plain]
        let text = String(decoding: JSONReport.render(report), as: UTF8.self)
        #expect(text.components(separatedBy: #""displayName":"Does the thing""#).count == 2, "\(text)")
        #expect(text.components(separatedBy: #""displayName":null"#).count == 2, "\(text)")
        // report.json reads back the same; an older report without the field reads as none.
        let decoded = try JSONCoding.decoder().decode(RunReport.self, from: Data(text.utf8))
        #expect(decoded.tests.map(\.displayName) == ["Does the thing", nil])
        let older = text.replacingOccurrences(of: #""displayName":null,"#, with: "")
        let old = try JSONCoding.decoder().decode(RunReport.self, from: Data(older.utf8))
        #expect(old.tests.map(\.displayName) == ["Does the thing", nil])
    }
}
