import Foundation
import SmokeCore

/// Stores attachments under `<run>/attachments/` with sanitized, unique names. Uniqueness is
/// claimed on disk with `O_EXCL`, so duplicates within a run, across tests and across processes
/// (and case-insensitive file systems) all get `name-2.ext`, `name-3.ext`, …
package struct AttachmentStore: Sendable {
    /// Candidates tried before giving up; bounds the loop.
    static let candidateLimit = 10_000

    /// Every byte stored goes through it; tests make it fail like a full disk.
    var writer: FileWriter
    /// The most bytes stored from one attachment file (`AttachmentSourcePolicy.byteLimit`); the rest is cut, and
    /// said in the report's `errors`.
    var byteLimit: Int

    package init(writer: FileWriter = .system, byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit) {
        self.writer = writer
        self.byteLimit = byteLimit
    }

    /// The next candidate index to try for each stem in a folder, so that N attachments of one name cost N
    /// claims, not N²/2. Only a hint: `O_EXCL` still decides, and a name taken meanwhile moves on.
    package struct NameHints: Sendable {
        var next: [String: Int] = [:]

        package init() {}
    }

    /// One stored attachment: its record, and a note for the report when its file was cut at the limit.
    package struct Saved: Sendable {
        package var record: AttachmentRecord
        package var note: InfrastructureError?
    }

    /// Saves every attachment and links each to its test; one that cannot be stored becomes an
    /// error for the report instead of stopping the rest. Then picks each failing test's screenshot
    /// of the failure moment (`FailureScreenshot`), with `failureTimes` (test id → first failure) where known.
    package func attach(
        _ raws: [RawAttachment], to tests: inout [TestResult], in runDirectory: URL, failureTimes: [String: Date] = [:]
    ) -> [InfrastructureError] {
        var budget = AttachmentBudget()
        return attach(raws, to: &tests, in: runDirectory, failureTimes: failureTimes, budget: &budget)
    }

    /// The same within a run's `budget` of bytes over all its attachments (a run with several groups passes the
    /// one budget to each); the report's note when it is reached is among the errors returned, once.
    package func attach(
        _ raws: [RawAttachment], to tests: inout [TestResult], in runDirectory: URL, failureTimes: [String: Date] = [:],
        budget: inout AttachmentBudget
    ) -> [InfrastructureError] {
        var errors: [InfrastructureError] = []
        var hints = NameHints()
        let reachedBefore = budget.reached
        // Only when there is something to attach: for a million tests the index costs seconds and tens of megabytes.
        let indexByID =
            raws.isEmpty
            ? [:] : Dictionary(tests.indices.map { (tests[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        for raw in raws {
            guard budget.remaining > 0 else {
                budget.refuse()
                continue
            }
            do {
                let saved = try save(raw, in: runDirectory, hints: &hints, budget: &budget)
                if let note = saved.note { errors.append(note) }
                if let testID = raw.testID, let index = indexByID[testID] {
                    tests[index].attachments.append(saved.record)
                }
            } catch {
                budget.unstored += 1
                errors.append(
                    InfrastructureError(
                        message:
                            """
                            attachment '\(raw.name)' of \(raw.testID ?? "an unknown test") could not be stored: \
                            \(error.localizedDescription)
                            """
                    ))
            }
        }
        if budget.reached, !reachedBefore {
            errors.append(InfrastructureError(message: budget.note, severity: .warning))
        }
        FailureScreenshot.assign(to: &tests, failureTimes: failureTimes)
        return errors
    }

    /// Writes the attachment and returns its record (`path` relative to the run directory). A file is copied only
    /// when it is a regular file and not itself a symlink (callers pass paths the read policy resolved), and at most
    /// `byteLimit` bytes of it.
    func save(_ raw: RawAttachment, in runDirectory: URL, hints: inout NameHints) throws -> Saved {
        var budget = AttachmentBudget(total: Int.max)
        return try save(raw, in: runDirectory, hints: &hints, budget: &budget)
    }

    /// The same, spending what it stores from `budget`: a file is copied only up to what is left of it.
    func save(_ raw: RawAttachment, in runDirectory: URL, hints: inout NameHints, budget: inout AttachmentBudget)
        throws -> Saved
    {
        let folder = runDirectory.appendingPathComponent(RunDirectory.attachmentsFolderName, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.writeFailed(path: folder.path, reason: error.localizedDescription)
        }
        let parts = AttachmentFileName.parts(name: raw.name, testID: raw.testID, mediaType: raw.mediaType)
        let destination = try claim(stem: parts.stem, pathExtension: parts.pathExtension, in: folder, hints: &hints)
        let size: Int
        var note: InfrastructureError?
        do {
            switch raw.content {
            case .bytes(let data):
                let kept = data.prefix(budget.remaining)
                try AtomicFile.write(kept, to: destination, writer: writer)
                size = kept.count
                budget.spend(size, cutByBudget: kept.count < data.count)
            case .file(let source):
                let limit = budget.allowance(perFile: byteLimit)
                let copied = try AtomicFile.copy(
                    source, to: destination, writer: writer, limit: limit, followLinks: false)
                size = copied.bytes
                budget.spend(size, cutByBudget: copied.cut && limit < byteLimit)
                if copied.cut, limit == byteLimit {
                    let owner = raw.testID.map { " of \($0)" } ?? ""
                    note = InfrastructureError(
                        message: AttachmentSourcePolicy.cutNote(what: "attachment '\(raw.name)'\(owner)", kept: size))
                }
            }
        } catch {
            POSIXFile.remove(destination)
            throw error
        }
        let record = AttachmentRecord(
            name: raw.name,
            path: "\(RunDirectory.attachmentsFolderName)/\(destination.lastPathComponent)",
            mediaType: MediaType.resolve(declared: raw.mediaType, pathExtension: parts.pathExtension),
            size: size, timestamp: raw.timestamp,
            failureAssociated: raw.isAssociatedWithFailure,
            configuration: raw.configuration)
        return Saved(record: record, note: note)
    }

    /// One attachment on its own, its record only (a test's shorthand: a cut note is dropped).
    func save(_ raw: RawAttachment, in runDirectory: URL) throws -> AttachmentRecord {
        var hints = NameHints()
        return try save(raw, in: runDirectory, hints: &hints).record
    }

    /// Creates the first free candidate name (empty) and returns it; the content replaces it by rename.
    private func claim(stem: String, pathExtension: String, in folder: URL, hints: inout NameHints) throws -> URL {
        let key = folder.path + "/" + stem + "." + pathExtension
        for index in hints.next[key, default: 1]...Self.candidateLimit {
            let name = AttachmentFileName.candidate(stem: stem, pathExtension: pathExtension, index: index)
            let url = folder.appendingPathComponent(name)
            // Belt and braces: the sanitizer already guarantees one safe component.
            guard AttachmentFileName.isSafe(name), Self.isDirectChild(url, of: folder) else {
                throw StoreError.writeFailed(path: url.path, reason: "unsafe attachment file name")
            }
            if try POSIXFile.createExclusively(url) {
                hints.next[key] = index + 1
                return url
            }
        }
        throw StoreError.attachmentNamesExhausted(directory: folder.path, stem: stem)
    }

    /// True when `url`, resolved, is a file directly inside `folder`.
    static func isDirectChild(_ url: URL, of folder: URL) -> Bool {
        let parent = url.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().path
        return parent == folder.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
