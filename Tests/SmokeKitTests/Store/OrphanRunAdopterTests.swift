import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit

/// A run killed during its history append (kill -9: the kernel lets its folder's lock go) once left a complete run
/// folder that no history listed and retention never removed (8 of 16 runs, 780 MB). The next run adopts it: the
/// history lists it as its report.json records it, and it is removed by retention like any other.
@Suite struct OrphanRunAdopterTests {
    static func report(_ runID: String, status: RunStatus) -> RunReport {
        var report = ReportFixture.minimalReport
        report.runID = runID
        report.status = status
        return report
    }

    /// The run is written up to its history append, then "killed": its lock goes as the kernel's would.
    static func killedDuringHistoryAppend(_ report: RunReport, in output: URL) throws -> URL {
        let store = RunStore(outputDirectory: output)
        let run = try store.createRunDirectory(runID: report.runID)
        try store.writeReports(report, in: RunDirectory(run), formats: [.json, .junit])
        RunFolderLock.release(runDirectory: run)
        return run
    }

    @Test func theNextRunListsARunKilledDuringItsHistoryAppend() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        let killed = try Self.killedDuringHistoryAppend(
            Self.report("20261127T010000Z-0001", status: .failed), in: output)
        let next = Self.report("20261127T020000Z-0002", status: .passed)
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        let finisher = RunFinisher(
            outputDirectory: output, pipelineName: next.pipeline, formats: [.json], strict: false, context: context)
        let run = try RunStore(outputDirectory: output).createRunDirectory(runID: next.runID)

        _ = await finisher.finish(RunDraft(report: next, folder: RunDirectory(run)))

        let listed = try HistoryOpening.open(outputFolder: output).runs(pipeline: next.pipeline)
        #expect(Set(listed.map(\.runID)) == [killed.lastPathComponent, next.runID])
        #expect(listed.first { $0.runID == killed.lastPathComponent }?.status == .failed)
        #expect(err.text.contains("the history now lists run \(killed.lastPathComponent) (failed)"), "\(err.text)")
        #expect(!FileManager.default.fileExists(atPath: OutputLayout.unlistedMarker(inRun: killed).path))
        #expect(!FileManager.default.fileExists(atPath: OutputLayout.unlistedMarker(inRun: run).path))
        // `latest` stays the newest run's.
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: OutputLayout(root: output).latest.path)
                .hasSuffix(next.runID))
    }

    /// A run still going (its lock held, here by this process) and one already listed are left alone.
    @Test func aLiveRunAndAListedRunAreNotAdopted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        let store = RunStore(outputDirectory: output)
        let live = try store.createRunDirectory(runID: "20261127T010000Z-0003")
        defer { RunFolderLock.release(runDirectory: live) }
        try store.writeReports(
            Self.report(live.lastPathComponent, status: .passed), in: RunDirectory(live), formats: [.json])
        let listedReport = Self.report("20261127T010000Z-0004", status: .passed)
        let listed = try Self.killedDuringHistoryAppend(listedReport, in: output)
        try store.appendHistory(listedReport)

        let notes = OrphanRunAdopter(store: store).adopt()

        #expect(notes.isEmpty, "\(notes)")
        let runs = try HistoryOpening.open(outputFolder: output).runs(pipeline: listedReport.pipeline)
        #expect(runs.map(\.runID) == [listedReport.runID])
        #expect(FileManager.default.fileExists(atPath: OutputLayout.unlistedMarker(inRun: live).path))
        #expect(!FileManager.default.fileExists(atPath: OutputLayout.unlistedMarker(inRun: listed).path))
    }

    /// A child forked on another thread while the lock was held keeps a copy of its descriptor until its exec; the
    /// lock goes at the release all the same, so the next run never takes a finished run for a live one.
    @Test func aReleasedLockIsFreeWhileAForkedChildStillHoldsItsDescriptor() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try RunStore(outputDirectory: folder.url.appendingPathComponent("out"))
            .createRunDirectory(runID: "20261127T010000Z-0005")
        let marker = OutputLayout.runMarker(inRun: run)
        let held = try #require(RunFolderLock.heldDescriptor(marker: marker))
        let childsCopy = dup(held)
        defer { close(childsCopy) }
        #expect(RunFolderLock.isHeld(marker: marker))

        RunFolderLock.release(runDirectory: run)

        #expect(!RunFolderLock.isHeld(marker: marker))
    }
}
