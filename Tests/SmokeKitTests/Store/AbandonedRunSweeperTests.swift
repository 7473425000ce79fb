import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// A killed parse leaves a run folder without a report; the next run that finishes gives its space back, and
/// never a folder a live run is still filling.
@Suite struct AbandonedRunSweeperTests {
    let now = Date(timeIntervalSince1970: 1_795_665_600)

    private func folder(
        in output: URL, _ runID: String, maker: RunMarker?, age: TimeInterval, report: Bool = false
    ) throws -> URL {
        let run = try RunStore(outputDirectory: output).createRunDirectory(runID: runID)
        let marker = OutputLayout.runMarker(inRun: run)
        try Data((maker?.text ?? "").utf8).write(to: marker)
        try Data(count: 1000).write(to: run.appendingPathComponent("console.log"))
        if report { try Data("{}".utf8).write(to: RunDirectory(run).report) }
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: marker.path)
        return run
    }

    @Test func onlyAnOldReportlessFolderOfAGoneProcessIsRemoved() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let output = temporary.url
        let gone = RunMarker(pid: 4242, processStart: 7)
        let live = RunMarker(pid: 4343, processStart: 9)
        let abandoned = try folder(in: output, "20261127T010000Z-0001", maker: gone, age: 7200)
        let finished = try folder(in: output, "20261127T010000Z-0002", maker: gone, age: 7200, report: true)
        let running = try folder(in: output, "20261127T010000Z-0003", maker: live, age: 7200)
        let recent = try folder(in: output, "20261127T010000Z-0004", maker: gone, age: 60)
        let unknown = try folder(in: output, "20261127T010000Z-0005", maker: nil, age: 7200)
        var sweeper = AbandonedRunSweeper(outputDirectory: output)
        let liveMarker = OutputLayout.runMarker(inRun: running).path
        sweeper.isLive = { $0.path == liveMarker }
        #expect(sweeper.sweep(now: now) == [abandoned.path])
        for kept in [finished, running, recent, unknown] {
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(kept.lastPathComponent)")
        }
    }

    @Test func aNewRunFolderNamesTheProcessThatMadeIt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let run = try RunStore(outputDirectory: temporary.url).createRunDirectory(runID: "20261127T010000Z-0006")
        let data = try Data(contentsOf: OutputLayout.runMarker(inRun: run))
        let marker = try #require(RunMarker.parse(String(decoding: data, as: UTF8.self)))
        #expect(marker.pid == getpid())
        // This process holds the folder's lock: its own folder is never abandoned, however old.
        #expect(AbandonedRunSweeper(outputDirectory: temporary.url).isLive(OutputLayout.runMarker(inRun: run)))
        RunFolderLock.release(runDirectory: run)
        #expect(!AbandonedRunSweeper(outputDirectory: temporary.url).isLive(OutputLayout.runMarker(inRun: run)))
    }

    /// A live run in another PID namespace (a container sharing the output folder) names a pid this one cannot
    /// see: it once had its folder swept after an hour. Its lock says it is alive, whatever its pid says.
    @Test func aLockedFolderIsKeptWhateverItsPidSays() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = RunStore(outputDirectory: temporary.url)
        let live = try store.createRunDirectory(runID: "20261127T010000Z-0007")
        let gone = try store.createRunDirectory(runID: "20261127T010000Z-0008")
        RunFolderLock.release(runDirectory: gone)
        defer { RunFolderLock.release(runDirectory: live) }
        for run in [live, gone] {
            let marker = OutputLayout.runMarker(inRun: run)
            // A pid no process of this namespace has, as a run in another one records.
            let handle = try FileHandle(forWritingTo: marker)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(RunMarker(pid: 999_999, processStart: 1).text.utf8))
            try handle.close()
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: marker.path)
        }
        let removed = AbandonedRunSweeper(outputDirectory: temporary.url).sweep()
        #expect(removed == [gone.path])
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test func aMarkerThatNamesNoProcessIsNotParsed() {
        #expect(RunMarker.parse("") == nil)
        #expect(RunMarker.parse("12 x\n") == nil)
        #expect(RunMarker.parse("0 5\n") == nil)
        #expect(RunMarker.parse("12 34\n") == RunMarker(pid: 12, processStart: 34))
    }
}
