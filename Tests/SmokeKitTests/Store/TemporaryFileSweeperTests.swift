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
        (".smokerun-tmp-3f9a0c1d-report.json", true), (".smokerun-tmp-00ff00ff-latest", true),
        (".smokerun-tmp-abcdef01-history-line", true), ("report.json", false), (".report.json", false),
        (".smokerun-tmp-3f9a-report.json", false), (".smokerun-tmp-3f9a0c1d-", false),
        (".smokerun-tmp-3f9a0c1g-report.json", false), ("smokerun-tmp-3f9a0c1d-notes", false),
        // A person's own temp files, named as smokerun once named its own, are never taken for smokerun's.
        (".report.json.tmp-3f9a0c1d", false), (".name.tmp-0123abcd", false), (".x.tmp-deadbeef", false),
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
        let store = RunStore(outputDirectory: folder.url)
        for run in [killed, current] { _ = try store.createRunDirectory(runID: run.lastPathComponent) }
        let now = Date()
        func file(_ url: URL, age: TimeInterval) throws {
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        try file(killed.appendingPathComponent(".smokerun-tmp-0123abcd-report.json"), age: 7200)
        try file(killed.appendingPathComponent(".smokerun-tmp-89abcdef-history-line"), age: 3700)
        try file(killed.appendingPathComponent(".name.tmp-0123abcd"), age: 7200)
        try file(killed.appendingPathComponent("console.log"), age: 7200)
        try file(killed.appendingPathComponent(".notes"), age: 7200)
        try file(current.appendingPathComponent(".smokerun-tmp-fedcba98-junit.xml"), age: 60)
        try file(folder.url.appendingPathComponent(".smokerun-tmp-11112222-history.jsonl"), age: 7200)
        try file(folder.url.appendingPathComponent("history.jsonl"), age: 7200)

        let removed = TemporaryFileSweeper(outputDirectory: folder.url).sweep(now: now)

        #expect(removed.count == 3, "\(removed)")
        #expect(
            try folder.files(in: "runs/20261122T040000Z-0001") == [
                ".name.tmp-0123abcd", ".notes", OutputLayout.runMarkerName, OutputLayout.unlistedMarkerName,
                "attachments", "console.log",
            ])
        #expect(
            try folder.files(in: "runs/20261122T080000Z-0002") == [
                OutputLayout.runMarkerName, ".smokerun-tmp-fedcba98-junit.xml", OutputLayout.unlistedMarkerName,
                "attachments",
            ])
        #expect(try folder.files() == ["history.jsonl", "runs"])
    }

    /// `finish` sweeps once the run's own files are in place.
    @Test func finishingARunSweepsWhatAKilledOneLeft() throws {
        let folder = try TemporaryDirectory()
        let store = RunStore(outputDirectory: folder.url)
        let killed = try store.createRunDirectory(runID: "20261122T030000Z-0001")
        let stale = killed.appendingPathComponent(".smokerun-tmp-0123abcd-report.json")
        try Data(repeating: 0, count: 1024).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: stale.path)
        let report = ReportFixture.minimalReport
        let runDirectory = try store.createRunDirectory(runID: report.runID)
        _ = try store.finish(
            report, in: RunDirectory(runDirectory), formats: [.json], consoleLog: nil, environment: [:])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent("report.json").path))
    }

    /// A symlink under `runs/` leads out of the output folder; a run folder without smokerun's marker, or named
    /// otherwise than a run id, was not made by smokerun. Their old temp-named files stay.
    @Test func foldersSmokerunDidNotMakeAreNotSwept() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let layout = OutputLayout(root: folder.url)
        let outside = folder.url.appendingPathComponent("elsewhere")
        let unmarked = layout.run("20261122T040000Z-0001")
        let misnamed = layout.run("Documents")
        for made in [outside, unmarked, misnamed] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        try Data().write(to: outside.appendingPathComponent(OutputLayout.runMarkerName))
        try Data().write(to: misnamed.appendingPathComponent(OutputLayout.runMarkerName))
        try FileManager.default.createSymbolicLink(
            at: layout.run("20261122T040000Z-0002"), withDestinationURL: outside)
        let old = Date().addingTimeInterval(-7200)
        var planted: [URL] = []
        for place in [outside, unmarked, misnamed] {
            let file = place.appendingPathComponent(".smokerun-tmp-0123abcd-thesis.tex")
            try Data("work".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
            planted.append(file)
        }
        let removed = TemporaryFileSweeper(outputDirectory: folder.url).sweep()
        #expect(removed.isEmpty, "\(removed)")
        #expect(planted.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }
}
