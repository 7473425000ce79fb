import Foundation
import SmokeCore

/// The files `smokerun merge` carries over from shard run directories into the merged one.
package enum ShardFiles {
    /// Copies every attachment the tests (and their attempts) recorded from their shard's directory into
    /// `runDirectory`, under names unique there, and returns the tests pointing at the copies.
    package static func copyAttachments(
        of tests: [TestResult], from shards: [(report: RunReport, directory: URL)], into runDirectory: URL
    ) throws -> [TestResult] {
        var directoryOf: [String: URL] = [:]
        for shard in shards {
            for test in shard.report.tests where directoryOf[test.id] == nil { directoryOf[test.id] = shard.directory }
        }
        let store = AttachmentStore()
        var copied: [String: AttachmentRecord] = [:]
        func copy(_ record: AttachmentRecord, of test: TestResult) throws -> AttachmentRecord {
            guard let shardDirectory = directoryOf[test.id] else { return record }
            let key = shardDirectory.path + "\u{0}" + record.path
            if let done = copied[key] { return done }
            let source = shardDirectory.appendingPathComponent(record.path).standardizedFileURL
            // Never follow a recorded path out of the shard's directory.
            guard source.path.hasPrefix(shardDirectory.standardizedFileURL.path + "/") else {
                throw StoreError.attachmentSourceUnreadable(
                    path: source.path, reason: "outside the run directory \(shardDirectory.path)")
            }
            let raw = RawAttachment(
                testID: test.id, name: record.name, content: .file(source), mediaType: record.mediaType)
            let saved = try store.save(raw, in: runDirectory)
            copied[key] = saved
            return saved
        }
        var result = tests
        for index in result.indices {
            let test = result[index]
            result[index].attachments = try test.attachments.map { try copy($0, of: test) }
            for attempt in result[index].attempts.indices {
                result[index].attempts[attempt].attachments = try test.attempts[attempt].attachments.map {
                    try copy($0, of: test)
                }
            }
        }
        return result
    }

    /// `console.log`: each shard's log in turn, under a line naming the shard.
    package static func joinConsoleLogs(_ shards: [(report: RunReport, directory: URL)], into runDirectory: URL) throws
    {
        var joined = Data()
        for shard in shards {
            let label = shard.report.shard.map { "shard \($0.description)" } ?? "run"
            joined.append(Data("==== smokerun merge: \(label) (\(shard.report.runID)) ====\n".utf8))
            if let log = try? Data(contentsOf: shard.directory.appendingPathComponent(RunDirectory.consoleLogName)) {
                joined.append(log)
                if log.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
            }
        }
        try AtomicFile.write(joined, to: runDirectory.appendingPathComponent(RunDirectory.consoleLogName))
    }
}
