import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct RunPrunerTests {
    let day: TimeInterval = 86_400
    let now = Date(timeIntervalSince1970: 2_000_000_000)

    /// The pipeline file every run here used, unless a test says another.
    let pipelinePath = "/projects/app/Pipelines/smoke.json"

    /// A finished run: its folder, and its history entry when it has one (a shard never does). The history is kept in
    /// memory: retention is a policy over it and the real run folders.
    private func addRun(
        _ store: RunStore, pipeline: String, daysAgo: Double, history: Bool = true, file: String? = nil
    ) throws -> String {
        var report = ReportFixture.minimalReport
        report.pipeline = pipeline
        report.startedAt = now.addingTimeInterval(-daysAgo * day)
        report.finishedAt = report.startedAt.addingTimeInterval(1)
        report.runID = RunID.make(date: report.startedAt, suffix: String(format: "%04x", Int(daysAgo * 10)))
        let directory = try store.createRunDirectory(runID: report.runID)
        try store.writeReports(report, in: directory, formats: [.json])
        if history { try store.appendHistory(report, pipelinePath: file ?? pipelinePath) }
        return report.runID
    }

    private func exists(_ store: RunStore, _ runID: String) -> Bool {
        FileManager.default.fileExists(
            atPath: store.outputDirectory.appendingPathComponent(RunStore.relativePath(runID: runID)).path)
    }

    @Test func onlyThePipelinesOldFinishedRunsAreRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url, history: InMemoryHistory(outputFolder: folder.url))
        let old = try (0..<4).map { try addRun(store, pipeline: "smoke", daysAgo: Double(20 + $0)) }
        let recent = try (0..<3).map { try addRun(store, pipeline: "smoke", daysAgo: Double($0)) }
        let shard = try addRun(store, pipeline: "smoke", daysAgo: 30, history: false)
        let otherPipeline = try addRun(store, pipeline: "nightly", daysAgo: 31)
        // A run being written by another process: a folder, no report, no history line.
        let inProgress = RunID.make(date: now.addingTimeInterval(-40 * day), suffix: "beef")
        _ = try store.createRunDirectory(runID: inProgress)
        // `latest` points at an old run (say a scheduler run of this pipeline is being rewritten).
        try store.updateLatest(runID: old[3])

        var settings = RetentionSettings()
        settings.runs = 2
        let outcome = RunPruner(outputDirectory: folder.url, history: store.history).prune(
            pipeline: "smoke", pipelinePath: pipelinePath, settings: settings, now: now, current: recent[0])

        #expect(outcome.failures.isEmpty)
        #expect(outcome.removed == [old[2], old[1], old[0], recent[2]])
        #expect(exists(store, recent[0]) && exists(store, recent[1]) && exists(store, old[3]))
        #expect(!exists(store, old[0]) && !exists(store, recent[2]))
        #expect(exists(store, shard) && exists(store, otherPipeline) && exists(store, inProgress))
    }

    @Test func aRunThatCannotBeRemovedIsAWarningAndTheRestGoOn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url, history: InMemoryHistory(outputFolder: folder.url))
        let runs = try (0..<3).map { try addRun(store, pipeline: "smoke", daysAgo: Double($0)) }
        var pruner = RunPruner(outputDirectory: folder.url, history: store.history)
        let stuck = runs[1]
        pruner.remove = { url in
            if url.lastPathComponent == stuck { throw CocoaError(.fileWriteNoPermission) }
            try FileManager.default.removeItem(at: url)
        }
        var settings = RetentionSettings()
        settings.runs = 1
        let outcome = pruner.prune(
            pipeline: "smoke", pipelinePath: pipelinePath, settings: settings, now: now, current: runs[0])
        #expect(outcome.removed == [runs[2]])
        #expect(outcome.failures.count == 1)
        #expect(outcome.failures.first?.contains(stuck) == true)
    }

    @Test func anotherProjectsPipelineOfTheSameNameKeepsItsRuns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url, history: InMemoryHistory(outputFolder: folder.url))
        let mine = try (0..<3).map { try addRun(store, pipeline: "smoke", daysAgo: Double($0)) }
        let theirs = try (0..<3).map {
            try addRun(store, pipeline: "smoke", daysAgo: Double(10 + $0), file: "/projects/other/Pipelines/smoke.json")
        }
        var settings = RetentionSettings()
        settings.runs = 1
        let outcome = RunPruner(outputDirectory: folder.url, history: store.history).prune(
            pipeline: "smoke", pipelinePath: pipelinePath, settings: settings, now: now, current: mine[0])
        #expect(outcome.removed == [mine[2], mine[1]])
        #expect(theirs.allSatisfy { exists(store, $0) })
    }

    @Test func runsRecordedWithoutAPipelineFileOrAPruneWithoutOneRemoveNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url, history: InMemoryHistory(outputFolder: folder.url))
        var report = ReportFixture.minimalReport
        report.startedAt = now.addingTimeInterval(-30 * day)
        report.finishedAt = report.startedAt
        report.runID = RunID.make(date: report.startedAt, suffix: "0001")
        _ = try store.createRunDirectory(runID: report.runID)
        // A line an older smokerun wrote: no pipelinePath.
        try store.appendHistory(report)
        let current = try addRun(store, pipeline: report.pipeline, daysAgo: 0)
        var settings = RetentionSettings()
        settings.runs = 1
        let pruner = RunPruner(outputDirectory: folder.url, history: store.history)
        let outcome = pruner.prune(
            pipeline: report.pipeline, pipelinePath: pipelinePath, settings: settings, now: now, current: current)
        #expect(outcome.removed.isEmpty && exists(store, report.runID))
        let parse = pruner.prune(
            pipeline: report.pipeline, pipelinePath: nil, settings: settings, now: now, current: "")
        #expect(parse.removed.isEmpty)
    }

    /// A crafted history line names a folder smokerun did not make: `runs/Documents`, a run folder without the marker,
    /// or a symlink under `runs/` to a folder outside; none of them is removed, nor what the link points at.
    @Test(arguments: ["Documents", "made-by-hand", "symlink"])
    func onlyFoldersSmokerunProvablyMadeAreRemoved(kind: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url, history: InMemoryHistory(outputFolder: folder.url))
        let layout = OutputLayout(root: folder.url)
        let current = try addRun(store, pipeline: "smoke", daysAgo: 0)
        var report = ReportFixture.minimalReport
        report.pipeline = "smoke"
        report.startedAt = now.addingTimeInterval(-30 * day)
        report.finishedAt = report.startedAt
        let outside = folder.url.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("thesis.tex"))
        switch kind {
        case "Documents":
            report.runID = "Documents"
            try FileManager.default.createDirectory(at: layout.run("Documents"), withIntermediateDirectories: true)
        case "made-by-hand":
            report.runID = RunID.make(date: report.startedAt, suffix: "0bad")
            try FileManager.default.createDirectory(at: layout.run(report.runID), withIntermediateDirectories: true)
        default:
            report.runID = RunID.make(date: report.startedAt, suffix: "11ec")
            try FileManager.default.createSymbolicLink(at: layout.run(report.runID), withDestinationURL: outside)
            try Data().write(to: outside.appendingPathComponent(OutputLayout.runMarkerName))
        }
        try store.appendHistory(report, pipelinePath: pipelinePath)
        var settings = RetentionSettings()
        settings.runs = 1
        let outcome = RunPruner(outputDirectory: folder.url, history: store.history).prune(
            pipeline: "smoke", pipelinePath: pipelinePath, settings: settings, now: now, current: current)
        #expect(outcome.removed.isEmpty)
        #expect(POSIXFile.exists(layout.run(report.runID)))
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("thesis.tex").path))
    }

    @Test func rawProfilesGoOnlyOnceTheMergedProfileExists() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let profiles = folder.url.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data("raw".utf8).write(to: profiles.appendingPathComponent("1-a.profraw"))
        CoverageCollector.removeRawProfiles(in: folder.url)
        #expect(try folder.files(in: "profiles") == ["1-a.profraw"])

        try Data("merged".utf8).write(to: folder.url.appendingPathComponent(RunDirectory.coverageProfileName))
        CoverageCollector.removeRawProfiles(in: folder.url)
        #expect(!FileManager.default.fileExists(atPath: profiles.path))
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appendingPathComponent(RunDirectory.coverageProfileName).path))
    }
}
