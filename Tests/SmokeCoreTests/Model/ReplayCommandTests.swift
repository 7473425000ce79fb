import Foundation
import Testing

@testable import SmokeCore

@Suite struct ReplayCommandTests {
    private func report(file: String?, seed: UInt64?) -> RunReport {
        var report = RunReport(
            pipeline: "smoke", runID: "20261122T040000Z-3f9a", status: .passed,
            startedAt: Date(timeIntervalSince1970: 0),
            finishedAt: Date(timeIntervalSince1970: 1), seed: seed,
            ordering: OrderingRecord(mode: .random, isolation: .suite, seed: seed),
            environment: [:], device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [])
        report.pipelineFile = file
        return report
    }

    @Test func theCommandNamesThePipelineFileNotThePipelineName() {
        #expect(
            ReplayCommand.text(for: report(file: "Pipelines/smoke.json", seed: 42))
                == "smokerun run Pipelines/smoke.json --seed 42")
    }

    @Test func aFileWithSpacesIsQuotedForTheShell() {
        #expect(
            ReplayCommand.text(for: report(file: "Pipelines/night smoke's.json", seed: 7))
                == #"smokerun run 'Pipelines/night smoke'\''s.json' --seed 7"#)
    }

    @Test(arguments: [(String?.none, UInt64?.some(1)), ("Pipelines/smoke.json", nil), ("", 1)])
    func withoutASeedOrAKnownFileThereIsNoCommand(file: String?, seed: UInt64?) {
        #expect(ReplayCommand.text(for: report(file: file, seed: seed)) == nil)
    }

    @Test func anOrderTheBinaryDecidedHasNoReplayAndSaysWhyInTheReports() throws {
        var decided = report(file: "Pipelines/smoke.json", seed: 42)
        decided.ordering.orderControlled = false
        #expect(ReplayCommand.text(for: decided) == nil)
        let markdown = MarkdownReport.render(decided)
        #expect(!markdown.contains("replay with") && markdown.contains("not that order"), "\(markdown)")
        // report.json: false is written and read back; an older report without the key reads as controlled.
        let encoded = String(decoding: try JSONEncoder().encode(decided.ordering), as: UTF8.self)
        #expect(encoded.contains(#""orderControlled":false"#))
        #expect(try JSONDecoder().decode(OrderingRecord.self, from: Data(encoded.utf8)).orderControlled == false)
        let older = #"{"mode":"random","isolation":"suite","seed":42}"#
        #expect(try JSONDecoder().decode(OrderingRecord.self, from: Data(older.utf8)).orderControlled)
        let controlled = String(decoding: try JSONEncoder().encode(report(file: nil, seed: 1).ordering), as: UTF8.self)
        #expect(!controlled.contains("orderControlled"))
    }
}
