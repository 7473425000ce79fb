import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The automatic quarantine through the run's finisher and a real output folder: a test failing one run in three on
/// one commit is quarantined with why (standard error, `quarantine/<pipeline>.json`, report.json), its next failure
/// leaves the run passed, and after its days the entry ends and is reported so. Times are the runs' own.
@Suite struct AutoQuarantineFinishTests {
    typealias F = NotifyFixtures
    static let sync = "AppTests.SyncTests/testMerge"
    static let commit = String(repeating: "5e", count: 20)

    private func finish(_ index: Int, failing: Bool, output: URL, err: BufferOutput) async throws -> RunReport {
        var report = F.report(
            index, tests: F.suite(failing: []) + [failing ? F.failing(Self.sync) : F.passing(Self.sync)])
        report.origin = RunOrigin(host: "ci-7", commit: Self.commit, branch: "main", dirty: false)
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: output)
        var finisher = RunFinisher(
            outputDirectory: output, pipelineName: report.pipeline, formats: [.json], strict: false, context: context)
        var settings = AutoQuarantineSettings()
        (settings.rate, settings.days, settings.minRuns, settings.windowRuns) = (0.25, 7, 6, 6)
        finisher.autoQuarantine = settings
        let now = report.finishedAt
        finisher.now = { now }
        let run = try RunStore(outputDirectory: output).createRunDirectory(runID: report.runID)
        return await finisher.finish(RunDraft(report: report, runDirectory: run)).report
    }

    @Test func aFlakyTestIsQuarantinedWithWhyAndReleasedAfterItsDays() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        let store = QuarantineStore(outputDirectory: output, pipeline: PipelineKey(name: "smoke", file: nil))
        let err = BufferOutput()
        // Failing in runs 1 and 4 of six on one commit: a flake rate of 33 % over the window of six.
        for index in 0..<6 {
            _ = try await finish(index, failing: [1, 4].contains(index), output: output, err: err)
        }
        let entry = try #require(store.load().first, "\(err.text)")
        #expect(store.load().count == 1)
        #expect(entry.automatic && entry.test == Self.sync && entry.owner == "smokerun")
        #expect(entry.reason == "flake rate 33 % ≥ 25 %: failed 2 of the last 6 runs; quarantined for 7 days")
        // Whole seconds: the state file and report.json keep dates so.
        #expect(entry.since == F.start(5).addingTimeInterval(125))
        #expect(entry.expires == F.start(5).addingTimeInterval(125 + 7 * 86_400))
        #expect(err.text.contains("quarantine: \(Self.sync) quarantined automatically: flake rate 33 %"), "\(err.text)")

        // Its next failure is quarantined: the run passed, report.json says why.
        let quarantined = try await finish(6, failing: true, output: output, err: err)
        #expect(quarantined.status == .passed)
        #expect(quarantined.quarantine?.tests == [Self.sync])
        let stored = try RunReportFile.load(at: OutputLayout(root: output).run(quarantined.runID))
        #expect(stored.quarantine?.active == [entry])

        // Passing runs, then one eight days after the entry was made: its days are over, it ends and is said.
        for index in 7..<12 { _ = try await finish(index, failing: false, output: output, err: err) }
        #expect(store.load() == [entry])
        let released = try await finish(53, failing: false, output: output, err: err)
        #expect(store.load().isEmpty)
        #expect(released.quarantine?.expired == [entry])
        #expect(
            err.text.contains("quarantine: the entry for \(Self.sync) (smokerun: flake rate 33 %"), "\(err.text)")
    }
}
