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
