import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun merge` over shard runs that are not one run's: refused before anything is written (exit 2), the
/// message naming both shards and what differs, and no warning about a file that did not change.
@Suite struct MergeCommandTests {
    static let declared = #"{"name": "smoke", "swiftpm": {"packagePath": "."}, "ordering": {"mode": "declared"}}"#
    static let random = #"{"name": "smoke", "swiftpm": {"packagePath": "."}, "coverage": {"enabled": false}}"#

    /// `Pipelines/declared.json` and `Pipelines/smoke.json` (one pipeline name), and a shard run of either.
    struct Project {
        let folder: TemporaryDirectory

        init() throws {
            let folder = try TemporaryDirectory()
            self.folder = folder
            let pipelines = folder.url.appendingPathComponent("Pipelines")
            try FileManager.default.createDirectory(at: pipelines, withIntermediateDirectories: true)
            try Data(MergeCommandTests.declared.utf8).write(to: pipelines.appendingPathComponent("declared.json"))
            try Data(MergeCommandTests.random.utf8).write(to: pipelines.appendingPathComponent("smoke.json"))
        }

        var runs: URL { folder.url.appendingPathComponent(".smokerun/runs") }

        /// A passed shard `index`/2 of `file` (hashed as it is on disk) drawn with `seed`; its run folder.
        func shard(_ index: Int, file: String, seed: UInt64?) throws -> URL {
            var report = ReportFixture.report
            report.pipeline = "smoke"
            report.runID = "20261130T05481\(index)Z-000\(index)"
            report.tests = [
                TestResult(
                    id: "M.S/test\(index)", name: "test\(index)", suite: "S", framework: .xctest, status: .passed,
                    durationSeconds: 1, order: 1)
            ]
            report.coverage = nil
            report.status = .passed
            report.errors = []
            (report.seed, report.ordering.seed) = (seed, seed)
            report.ordering.mode = seed == nil ? .declared : .random
            report.shard = ShardRecord(index: index, count: 2)
            report.pipelineFile = file
            report.pipelineHash = SHA256.hex(try Data(contentsOf: folder.url.appendingPathComponent(file)))
            let run = runs.appendingPathComponent(report.runID)
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
            try JSONReport.render(report).write(to: run.appendingPathComponent("report.json"))
            return run
        }

        func merge(_ shards: [URL]) async -> (code: ExitCode, errorText: String) {
            let err = BufferOutput()
            let code = await CommandLineTool.run(
                arguments: ["merge"] + shards.map(\.path) + ["--no-notify"],
                context: HostContext(
                    standardOutput: BufferOutput(), standardError: err, environment: [:],
                    currentDirectory: folder.url))
            return (code, err.text)
        }
    }

    @Test func shardsThatDrewDifferentSeedsAreRefused() async throws {
        let project = try Project()
        defer { project.folder.remove() }
        let shards = [
            try project.shard(1, file: "Pipelines/smoke.json", seed: 8_304_322_817_914_444_272),
            try project.shard(2, file: "Pipelines/smoke.json", seed: 3_863_930_975_788_171_485),
        ]
        let (code, text) = await project.merge(shards)
        #expect(code == .invalidInput, "\(text)")
        #expect(text.contains("ran with seed 8304322817914444272 but"), "\(text)")
        #expect(text.contains("with seed 3863930975788171485"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.runs.path).count == 2)
    }

    @Test func shardsOfTwoPipelineFilesAreRefusedWithoutSayingAFileChanged() async throws {
        let project = try Project()
        defer { project.folder.remove() }
        let shards = [
            try project.shard(1, file: "Pipelines/declared.json", seed: nil),
            try project.shard(2, file: "Pipelines/smoke.json", seed: 6),
        ]
        let (code, text) = await project.merge(shards)
        #expect(code == .invalidInput, "\(text)")
        #expect(text.contains("ran Pipelines/declared.json (sha256 "), "\(text)")
        #expect(text.contains("ran Pipelines/smoke.json (sha256 "), "\(text)")
        #expect(!text.contains("changed since"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.runs.path).count == 2)
    }

    @Test func shardsOfOneFileAndOneSeedAreMerged() async throws {
        let project = try Project()
        defer { project.folder.remove() }
        let shards = [
            try project.shard(1, file: "Pipelines/smoke.json", seed: 6),
            try project.shard(2, file: "Pipelines/smoke.json", seed: 6),
        ]
        let (code, text) = await project.merge(shards)
        #expect(code == .passed, "\(text)")
        #expect(!text.contains("changed since"), "\(text)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: project.runs.path)
        let made = try #require(runs.first { !shards.map(\.lastPathComponent).contains($0) })
        let merged = try RunReportFile.load(at: project.runs.appendingPathComponent(made))
        #expect(merged.seed == 6 && merged.ordering.seed == 6)
    }

    /// A merge of fewer shards (a CI job that ran before the last shard's upload) is no merge of the whole set, even
    /// in the same seconds: the whole set merges after it, and only the same set again is a repeat.
    @Test func aMergeOfSomeShardsIsNoRepeatOfAnotherSet() async throws {
        let project = try Project()
        defer { project.folder.remove() }
        let one = try project.shard(1, file: "Pipelines/smoke.json", seed: 6)
        let two = try project.shard(2, file: "Pipelines/smoke.json", seed: 6)
        let partial = await project.merge([one])
        #expect(partial.code == .infrastructure, "\(partial.errorText)")
        let whole = await project.merge([two, one])
        #expect(whole.code == .passed, "\(whole.errorText)")
        #expect(!whole.errorText.contains("merged before"), "\(whole.errorText)")
        let other = await project.merge([two])
        #expect(other.code == .infrastructure && !other.errorText.contains("merged before"), "\(other.errorText)")
        let again = await project.merge([one, two])
        #expect(again.code == .passed && again.errorText.contains("merged before"), "\(again.errorText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.runs.path).count == 5)
    }

    /// A merge an older smokerun made names no shard runs: the same tests tell the same set, so one shard alone
    /// merged after it is no repeat.
    @Test func aMergeOfFewerShardsIsNoRepeatOfAnOlderSmokerunsMerge() async throws {
        let project = try Project()
        defer { project.folder.remove() }
        let one = try project.shard(1, file: "Pipelines/smoke.json", seed: 6)
        let two = try project.shard(2, file: "Pipelines/smoke.json", seed: 6)
        #expect(await project.merge([one, two]).code == .passed)
        let made = try #require(
            try FileManager.default.contentsOfDirectory(atPath: project.runs.path).first {
                ![one, two].map(\.lastPathComponent).contains($0)
            })
        let folder = project.runs.appendingPathComponent(made)
        var older = try RunReportFile.load(at: folder)
        older.mergedRuns = nil
        try JSONReport.render(older).write(to: folder.appendingPathComponent("report.json"))
        let fewer = await project.merge([two])
        #expect(fewer.code == .infrastructure && !fewer.errorText.contains("merged before"), "\(fewer.errorText)")
        #expect(await project.merge([one, two]).errorText.contains("merged before"))
        // Its folder gone (retention): the history's totals tell the whole set from one shard.
        try FileManager.default.removeItem(at: folder)
        #expect(await project.merge([one, two]).errorText.contains("merged before"))
        let alone = await project.merge([one])
        #expect(alone.code == .infrastructure && !alone.errorText.contains("merged before"), "\(alone.errorText)")
    }
}
