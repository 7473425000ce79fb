import Foundation

/// What can go wrong reading or writing a run directory, `latest` or `history.jsonl`.
package enum StoreError: Error, Equatable, LocalizedError, DomainError {
    case invalidRunID(String)
    case runNotFound(runID: String, runsDirectory: String)
    case reportMissing(path: String)
    case reportInvalid(path: String, detail: String)
    case writeFailed(path: String, reason: String)
    /// A pipe read by `parse` could not be saved to the temporary folder (`TMPDIR`): its bytes are gone.
    case pipeNotSaved(path: String, reason: String)
    case readFailed(path: String, reason: String)
    case latestNotALink(path: String)
    case attachmentSourceUnreadable(path: String, reason: String)
    case attachmentNamesExhausted(directory: String, stem: String)
    case runFolderTaken(path: String)
    /// `creating` could not be made in the existing `folder`: read-only, not smokerun's to write, or full.
    case folderNotWritable(folder: String, creating: String, reason: String)
    /// A `history.sqlite` smokerun did not make (another application's id or tables): never read, never written.
    case foreignDatabase(path: String, reason: String)

    package var errorDescription: String? {
        switch self {
        case .invalidRunID(let id):
            """
            '\(id)' is not a run id: use a name from runs/ such as 20261122T040000Z-3f9a (letters, digits, '.', '_', \
            '-')
            """
        case .runNotFound(let id, let runs):
            "no run '\(id)' in \(runs); list the runs with `smokerun history`"
        case .reportMissing(let path):
            "\(path) does not exist: the run did not finish, or this is not a run directory"
        case .reportInvalid(let path, let detail):
            "\(path) is not a valid smokerun report: \(detail)"
        case .writeFailed(let path, let reason):
            "could not write \(path): \(reason); check the output folder's permissions and free space"
        case .pipeNotSaved(let path, let reason):
            """
            could not save the piped input to \(path): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). \
            That is the temporary folder (TMPDIR), not the output folder, and a pipe cannot be read again: point TMPDIR \
            at a folder with room, or save the log to a file and parse the file
            """
        case .folderNotWritable(let folder, let creating, let reason):
            """
            could not create \(creating) in \(folder): \(reason); make \(folder) writable by this user \
            (`chmod u+w \(folder)`), or write the run elsewhere with --output DIR
            """
        case .readFailed(let path, let reason):
            "could not read \(path): \(reason)"
        case .latestNotALink(let path):
            "\(path) exists and is not a symbolic link; move it away so smokerun can point it at the newest run"
        case .attachmentSourceUnreadable(let path, let reason):
            "could not read the attachment file \(path): \(reason)"
        case .attachmentNamesExhausted(let directory, let stem):
            "too many attachments named '\(stem)' in \(directory)"
        case .runFolderTaken(let path):
            "\(path) already exists: another run has this run id; smokerun never writes into another run's folder"
        case .foreignDatabase(let path, let reason):
            """
            \(path) is not smokerun's history: \(reason); smokerun neither reads nor changes it. Move it away, or \
            give smokerun an output folder of its own (the pipeline's `output`, --output)
            """
        }
    }

    package var kind: ErrorKind {
        switch self {
        case .invalidRunID, .runNotFound, .reportMissing, .reportInvalid, .foreignDatabase: .invalidInput
        case .writeFailed, .pipeNotSaved, .readFailed, .latestNotALink, .attachmentSourceUnreadable,
            .attachmentNamesExhausted,
            .runFolderTaken, .folderNotWritable:
            .infrastructure
        }
    }
}
