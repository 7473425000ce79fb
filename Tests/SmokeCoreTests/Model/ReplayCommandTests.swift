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
}
