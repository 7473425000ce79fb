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

    package init(writer: FileWriter = .system) {
        self.writer = writer
    }

    /// Saves every attachment and links each to its test; one that cannot be stored becomes an
    /// error for the report instead of stopping the rest. Then picks each failing test's screenshot
    /// of the failure moment (`FailureScreenshot`), with `failureTimes` (test id → first failure) where known.
    package func attach(
        _ raws: [RawAttachment], to tests: inout [TestResult], in runDirectory: URL, failureTimes: [String: Date] = [:]
    ) -> [InfrastructureError] {
        var errors: [InfrastructureError] = []
        // Only when there is something to attach: for a million tests the index costs seconds and tens of megabytes.
        let indexByID =
            raws.isEmpty
            ? [:] : Dictionary(tests.indices.map { (tests[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        for raw in raws {
            do {
                let record = try save(raw, in: runDirectory)
                if let testID = raw.testID, let index = indexByID[testID] { tests[index].attachments.append(record) }
            } catch {
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
        FailureScreenshot.assign(to: &tests, failureTimes: failureTimes)
        return errors
    }

    /// Writes the attachment and returns its record (`path` relative to the run directory).
    func save(_ raw: RawAttachment, in runDirectory: URL) throws -> AttachmentRecord {
        let folder = runDirectory.appendingPathComponent(RunDirectory.attachmentsFolderName, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.writeFailed(path: folder.path, reason: error.localizedDescription)
        }
        let parts = AttachmentFileName.parts(name: raw.name, testID: raw.testID, mediaType: raw.mediaType)
        let destination = try claim(stem: parts.stem, pathExtension: parts.pathExtension, in: folder)
        let size: Int
        do {
            switch raw.content {
            case .bytes(let data):
                try AtomicFile.write(data, to: destination, writer: writer)
                size = data.count
            case .file(let source):
                size = try regularFileSize(source)
                try AtomicFile.copy(source, to: destination, writer: writer)
            }
        } catch {
            POSIXFile.remove(destination)
            throw error
        }
        return AttachmentRecord(
            name: raw.name,
            path: "\(RunDirectory.attachmentsFolderName)/\(destination.lastPathComponent)",
            mediaType: MediaType.resolve(declared: raw.mediaType, pathExtension: parts.pathExtension),
            size: size, timestamp: raw.timestamp,
            failureAssociated: raw.isAssociatedWithFailure,
            configuration: raw.configuration)
    }

    /// Creates the first free candidate name (empty) and returns it; the content replaces it by rename.
    private func claim(stem: String, pathExtension: String, in folder: URL) throws -> URL {
        for index in 1...Self.candidateLimit {
            let name = AttachmentFileName.candidate(stem: stem, pathExtension: pathExtension, index: index)
            let url = folder.appendingPathComponent(name)
            // Belt and braces: the sanitizer already guarantees one safe component.
            guard AttachmentFileName.isSafe(name), Self.isDirectChild(url, of: folder) else {
                throw StoreError.writeFailed(path: url.path, reason: "unsafe attachment file name")
            }
            if try POSIXFile.createExclusively(url) { return url }
        }
        throw StoreError.attachmentNamesExhausted(directory: folder.path, stem: stem)
    }

    /// True when `url`, resolved, is a file directly inside `folder`.
    static func isDirectChild(_ url: URL, of folder: URL) -> Bool {
        let parent = url.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().path
        return parent == folder.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private func regularFileSize(_ source: URL) throws -> Int {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: source.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw StoreError.attachmentSourceUnreadable(path: source.path, reason: "not a regular file")
            }
            return (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.attachmentSourceUnreadable(path: source.path, reason: error.localizedDescription)
        }
    }
}
