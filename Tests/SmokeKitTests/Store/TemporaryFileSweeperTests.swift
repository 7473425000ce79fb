import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// A killed smokerun leaves its hidden temp files behind (a million tests' reports: hundreds of megabytes); the next
/// run that finishes removes those an hour old, in the output folder and every run folder, and nothing else.
@Suite struct TemporaryFileSweeperTests {
    @Test(arguments: [
        (".report.json.tmp-3f9a0c1d", true), (".latest.tmp-00ff00ff", true), (".history-line.tmp-abcdef01", true),
        ("report.json", false), (".report.json", false), (".report.json.tmp-3f9a", false), (".tmp-3f9a0c1d", false),
        (".report.json.tmp-3f9a0c1g", false), ("notes.tmp-3f9a0c1d", false),
    ])
    func recognisesAtomicFilesTempNamesOnly(name: String, isTemporary: Bool) {
        #expect(AtomicFile.isTemporaryName(name) == isTemporary)
    }

    @Test func atomicFilesTempNamesAreWhatItRecognises() {
        let temporary = AtomicFile.temporaryURL(next: URL(fileURLWithPath: "/out/runs/x/junit.xml"))
        #expect(AtomicFile.isTemporaryName(temporary.lastPathComponent))
    }

    @Test func removesTempFilesAnHourOldAndKeepsEverythingElse() throws {
        let folder = try TemporaryDirectory()
        let layout = OutputLayout(root: folder.url)
        let killed = layout.run("20261122T040000Z-0001")
        let current = layout.run("20261122T080000Z-0002")
        for run in [killed, current] {
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        }
        let now = Date()
        func file(_ url: URL, age: TimeInterval) throws {
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        try file(killed.appendingPathComponent(".report.json.tmp-0123abcd"), age: 7200)
        try file(killed.appendingPathComponent(".history-line.tmp-89abcdef"), age: 3700)
        try file(killed.appendingPathComponent("console.log"), age: 7200)
        try file(killed.appendingPathComponent(".notes"), age: 7200)
        try file(current.appendingPathComponent(".junit.xml.tmp-fedcba98"), age: 60)
        try file(folder.url.appendingPathComponent(".history.jsonl.tmp-11112222"), age: 7200)
        try file(folder.url.appendingPathComponent("history.jsonl"), age: 7200)

        let removed = TemporaryFileSweeper(outputDirectory: folder.url).sweep(now: now)

        #expect(removed.count == 3, "\(removed)")
        #expect(try folder.files(in: "runs/20261122T040000Z-0001") == [".notes", "console.log"])
        #expect(try folder.files(in: "runs/20261122T080000Z-0002") == [".junit.xml.tmp-fedcba98"])
        #expect(try folder.files() == ["history.jsonl", "runs"])
    }

    /// `finish` sweeps once the run's own files are in place.
    @Test func finishingARunSweepsWhatAKilledOneLeft() throws {
        let folder = try TemporaryDirectory()
        let store = RunStore(outputDirectory: folder.url)
        let killed = try store.createRunDirectory(runID: "20261122T030000Z-0001")
        let stale = killed.appendingPathComponent(".report.json.tmp-0123abcd")
        try Data(repeating: 0, count: 1024).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: stale.path)
        let report = ReportFixture.minimalReport
        let runDirectory = try store.createRunDirectory(runID: report.runID)
        _ = try store.finish(report, in: runDirectory, formats: [.json], consoleLog: nil, environment: [:])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent("report.json").path))
    }
}
