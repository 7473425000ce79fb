import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// A run's folder is made by that run or not at all: two runs or parses in the same second never share one.
@Suite struct RunStoreCreateTests {
    @Test func aRunIDWhoseFolderExistsIsRefusedAndTheOtherRunKeepsItsFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let first = try store.createRunDirectory(runID: "20261127T040000Z-aaaa")
        let report = first.appendingPathComponent("report.json")
        try Data("{}".utf8).write(to: report)
        #expect(throws: StoreError.runFolderTaken(path: first.path)) {
            try store.createRunDirectory(runID: "20261127T040000Z-aaaa")
        }
        #expect(try Data(contentsOf: report) == Data("{}".utf8))
    }

    /// A runs folder this user cannot write in: the message names that folder and the fix, never the run folder that
    /// was not made.
    @Test func aReadOnlyRunsFolderIsNamedWithItsFix() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var store = RunStore(outputDirectory: folder.url)
        store.makeFolder = { _ in EACCES }
        let runs = OutputLayout(root: folder.url).runs
        do {
            _ = try store.createRunDirectory(runID: "20261127T040000Z-aaaa")
            Issue.record("a run folder was made in a read-only runs folder")
        } catch {
            let message = error.localizedDescription
            #expect(
                error as? StoreError
                    == StoreError.folderNotWritable(
                        folder: runs.path, creating: "20261127T040000Z-aaaa", reason: String(cString: strerror(EACCES)))
            )
            #expect(message.contains("in \(runs.path):") && message.contains("chmod u+w \(runs.path)"), "\(message)")
            #expect(message.contains("--output"))
        }
        #expect(!FileManager.default.fileExists(atPath: runs.appendingPathComponent("20261127T040000Z-aaaa").path))
    }

    /// An output folder where `runs/` cannot be made (a file in its way): the nearest folder that exists is named.
    @Test func aRunsFolderThatCannotBeMadeNamesTheFolderAboveIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let blocker = folder.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let store = RunStore(outputDirectory: blocker.appendingPathComponent("out"))
        #expect {
            try store.createRunDirectory(runID: "20261127T040000Z-aaaa")
        } throws: { error in
            guard case StoreError.folderNotWritable(let existing, let creating, _) = error else { return false }
            return existing == blocker.path && creating.hasSuffix("out/runs")
        }
    }

    @Test func aTakenRunIDIsDrawnAgain() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let date = Date(timeIntervalSince1970: 1_795_665_600)
        let taken = try store.createRunDirectory(startedAt: date, suffix: { "aaaa" })
        var suffixes = ["aaaa", "aaaa", "bbbb"]
        let next = try store.createRunDirectory(startedAt: date, suffix: { suffixes.removeFirst() })
        #expect(taken.runID.hasSuffix("-aaaa"))
        #expect(next.runID == taken.runID.replacingOccurrences(of: "-aaaa", with: "-bbbb"))
        #expect(suffixes.isEmpty)
        #expect(FileManager.default.fileExists(atPath: RunDirectory(next.url).attachments.path))
    }

    @Test func afterSixteenTakenIDsTheRunFailsInsteadOfWritingIntoOne() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = RunStore(outputDirectory: folder.url)
        let date = Date(timeIntervalSince1970: 1_795_665_600)
        _ = try store.createRunDirectory(startedAt: date, suffix: { "cccc" })
        var draws = 0
        #expect(throws: StoreError.self) {
            try store.createRunDirectory(
                startedAt: date,
                suffix: {
                    draws += 1
                    return "cccc"
                })
        }
        #expect(draws == 16)
    }
}
