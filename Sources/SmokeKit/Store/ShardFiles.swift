import Foundation
import SmokeCore

/// The files `smokerun merge` carries over from shard run directories into the merged one.
package enum ShardFiles {
    /// Copies every attachment the tests (and attempts) recorded from their shard's directory into `runDirectory`
    /// under unique names; returns the tests pointing at the copies. Read under the read policy (real path in the
    /// shard, a regular file, at most `byteLimit`): one that is not is left out, and `notes` says why.
    package static func copyAttachments(
        of tests: [TestResult], from shards: [(report: RunReport, directory: URL)], into runDirectory: URL,
        byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit
    ) throws -> (tests: [TestResult], notes: [InfrastructureError]) {
        var directoryOf: [String: URL] = [:]
        for shard in shards {
            for test in shard.report.tests where directoryOf[test.id] == nil { directoryOf[test.id] = shard.directory }
        }
        let store = AttachmentStore(byteLimit: byteLimit)
        var hints = AttachmentStore.NameHints()
        var notes: [InfrastructureError] = []
        var copied: [String: AttachmentRecord?] = [:]
        func copy(_ record: AttachmentRecord, of test: TestResult) throws -> AttachmentRecord? {
            guard let shardDirectory = directoryOf[test.id] else { return record }
            let key = shardDirectory.path + "\u{0}" + record.path
            if let done = copied[key] { return done }
            let policy = AttachmentSourcePolicy(allowedFolders: [shardDirectory], byteLimit: byteLimit)
            let source: URL
            do {
                source = try policy.checkedFile(shardDirectory.appendingPathComponent(record.path))
            } catch {
                notes.append(
                    InfrastructureError(
                        message:
                            "attachment '\(record.name)' of \(test.id) was not copied from \(shardDirectory.path): "
                            + error.localizedDescription))
                copied[key] = .some(nil)
                return nil
            }
            let raw = RawAttachment(
                testID: test.id, name: record.name, content: .file(source), mediaType: record.mediaType)
            let saved = try store.save(raw, in: runDirectory, hints: &hints)
            if let note = saved.note { notes.append(note) }
            copied[key] = saved.record
            return saved.record
        }
        var result = tests
        for index in result.indices {
            let test = result[index]
            result[index].attachments = try test.attachments.compactMap { try copy($0, of: test) }
            for attempt in result[index].attempts.indices {
                result[index].attempts[attempt].attachments = try test.attempts[attempt].attachments.compactMap {
                    try copy($0, of: test)
                }
            }
        }
        return (result, notes)
    }

    /// `console.log`: each shard's log under a line naming it (for a parse without an input copy, naming the input).
    package static func joinConsoleLogs(
        _ shards: [(report: RunReport, directory: URL)], into runDirectory: URL,
        byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit
    ) throws {
        var joined = Data()
        for shard in shards {
            let label = shard.report.shard.map { "shard \($0.description)" } ?? "run"
            joined.append(Data("==== smokerun merge: \(label) (\(shard.report.runID)) ====\n".utf8))
            // The same policy as attachments: the shard's own regular file, never a link out of it.
            let policy = AttachmentSourcePolicy(allowedFolders: [shard.directory], byteLimit: byteLimit)
            if let log = try? policy.read(shard.directory.appendingPathComponent(RunDirectory.consoleLogName)).data {
                joined.append(log)
                if log.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
            }
            for input in InputReference.referenced(shard.report) {
                let fingerprint = InputReference.fingerprint(input)
                joined.append(Data("(not copied: parsed from \(input.path), \(fingerprint))\n".utf8))
            }
        }
        try AtomicFile.write(joined, to: runDirectory.appendingPathComponent(RunDirectory.consoleLogName))
    }
}
