import Foundation
import SmokeCore

/// Stores attachments under `<run>/attachments/` with sanitized, unique names, claimed on disk with `O_EXCL`:
/// duplicates across tests, processes and case-insensitive file systems get `name-2.ext`, `name-3.ext`, …
package struct AttachmentStore: Sendable {
    static let candidateLimit = 10_000

    var writer: FileWriter
    /// The most bytes stored from one file (`AttachmentSourcePolicy.byteLimit`); a cut is said in `errors`.
    var byteLimit: Int

    package init(writer: FileWriter = .system, byteLimit: Int = AttachmentSourcePolicy.defaultByteLimit) {
        self.writer = writer
        self.byteLimit = byteLimit
    }

    /// Next candidate index per stem, so N same-named attachments cost N claims, not N²/2; `O_EXCL` still decides.
    package struct NameHints: Sendable {
        var next: [String: Int] = [:]

        package init() {}
    }

    /// One stored attachment: its record, and a note when its file was cut at the limit.
    package struct Saved: Sendable {
        package var record: AttachmentRecord
        package var note: InfrastructureError?
    }

    /// Saves every attachment and links it to its test; one that cannot be stored becomes a report error, never
    /// stops the rest. Then picks each failing test's failure-moment screenshot (`FailureScreenshot`).
    package func attach(
        _ raws: [RawAttachment], to tests: inout [TestResult], in runDirectory: URL, failureTimes: [String: Date] = [:]
    ) -> [InfrastructureError] {
        var budget = AttachmentBudget()
        return attach(raws, to: &tests, in: runDirectory, failureTimes: failureTimes, budget: &budget)
    }

    /// The same within a run's one `budget` of bytes; the note when it is reached is among the errors, once.
    package func attach(
        _ raws: [RawAttachment], to tests: inout [TestResult], in runDirectory: URL, failureTimes: [String: Date] = [:],
        budget: inout AttachmentBudget
    ) -> [InfrastructureError] {
        var errors: [InfrastructureError] = []
        var hints = NameHints()
        let reachedBefore = budget.reached
        // Only when there is something to attach: the index is costly for a million tests.
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

    /// Writes the attachment and returns its record (`path` relative to the run directory). Copies only a regular file
    /// that is not itself a symlink (callers pass paths the read policy resolved), at most `byteLimit` bytes.
    func save(_ raw: RawAttachment, in runDirectory: URL, hints: inout NameHints) throws -> Saved {
        var budget = AttachmentBudget(total: Int.max)
        return try save(raw, in: runDirectory, hints: &hints, budget: &budget)
    }

    /// The same, spending from `budget`: a file is copied only up to what is left.
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

    /// One attachment alone, its record only (a test's shorthand).
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
