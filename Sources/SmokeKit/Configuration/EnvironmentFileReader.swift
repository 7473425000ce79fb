import Foundation
import SmokeCore

/// Reads `<output>/env` the one way every command does: never through a link, only a regular file of the running
/// user that group and others cannot read or write, bounded in size; then merges it under the process environment.
package struct EnvironmentFileReader: Sendable {
    /// The user the file must belong to; tests pass another to see a file refused.
    var user: UInt32 = UInt32(geteuid())
    /// False only to list the names of a file refused for its mode, never to use them, and for `secret set`.
    var checksMode = true

    package init() {}

    init(user: UInt32) { self.user = user }

    /// What a command runs with: the environment with the file's variables under it, the record, and any refusal.
    package struct Loaded: Sendable {
        package var environment: [String: String]
        package var record: EnvironmentFileRecord?
        /// The file exists and was refused (permissions, owner, a link, size); the run goes on without it.
        package var refusal: EnvironmentFileError?
        /// Names in a file refused for its mode (never values): such a variable is said to be there, not missing.
        package var refusedNames: [String] = []
        /// Names in the file that the notifier does not name: ignored, said once.
        package var ignored: [String] = []

        package func ignoredWarning(file: String) -> String? {
            guard !ignored.isEmpty else { return nil }
            let names = ignored.joined(separator: ", ")
            return """
                \(file): ignored \(names): this file supplies only the variables the pipeline's notifier names \
                (notify.webhookURLEnvironment, notify.slackUpload.tokenEnvironment); smokerun's own settings and \
                anything else come from its real environment
                """
        }
    }

    /// The file's variables in `allowed` applied to `environment`. No file is no error; a malformed one throws (exit
    /// 2); a refused one comes back in `refusal`, so a run still runs and says why it cannot notify.
    package func load(
        _ file: URL, displayPath: String? = nil, into environment: [String: String], allowing allowed: Set<String>
    ) throws(EnvironmentFileError) -> Loaded {
        let shown = displayPath ?? file.path
        do {
            guard let parsed = try read(file, displayPath: shown) else {
                return Loaded(environment: environment)
            }
            let (merged, names, ignored) = parsed.applied(to: environment, allowing: allowed)
            var loaded = Loaded(environment: merged, record: EnvironmentFileRecord(path: shown, variables: names))
            loaded.ignored = ignored
            return loaded
        } catch  where error.isMalformed {
            throw error
        } catch {
            var loaded = Loaded(environment: environment, refusal: error)
            if case .exposed = error {
                var lenient = self
                lenient.checksMode = false
                let names = (try? lenient.read(file, displayPath: shown))?.entries.map(\.name) ?? []
                loaded.refusedNames = names.filter(allowed.contains)
            }
            return loaded
        }
    }

    package func read(_ file: URL, displayPath: String? = nil) throws(EnvironmentFileError) -> EnvironmentFile? {
        let shown = displayPath ?? file.path
        guard let bytes = try bytes(of: file, displayPath: shown) else { return nil }
        return try EnvironmentFile.parse(bytes, path: shown)
    }

    /// The file's bytes after every check, or nil when nothing is at `file`.
    func bytes(of file: URL, displayPath shown: String) throws(EnvironmentFileError) -> [UInt8]? {
        guard POSIXFile.exists(file) else { return nil }
        if POSIXFile.isSymlink(file) { throw .symbolicLink(path: shown) }
        let descriptor: Int32
        do {
            descriptor = try POSIXFile.openRegularFile(file, followLinks: false)
        } catch {
            throw Self.openRefusal(error, path: shown)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: shown, reason: POSIXFile.lastError()) }
        let mode = checksMode ? UInt32(info.st_mode) & 0o7777 : 0o600
        if let refusal = EnvironmentFileError.refusal(
            path: shown, mode: mode, owner: UInt32(info.st_uid), user: user,
            size: Int(info.st_size))
        {
            throw refusal
        }
        var bytes: [UInt8] = []
        let unreadable = { StoreError.attachmentSourceUnreadable(path: shown, reason: $0) }
        let copied: POSIXFile.Copied
        do {
            copied = try POSIXFile.readChunks(of: descriptor, limit: EnvironmentFile.byteLimit, unreadable: unreadable)
            {
                bytes.append(contentsOf: $0)
            }
        } catch {
            throw .unreadable(path: shown, reason: error.localizedDescription)
        }
        if copied.cut { throw .tooLarge(path: shown, limit: EnvironmentFile.byteLimit) }
        return bytes
    }

    private static func openRefusal(_ error: StoreError, path: String) -> EnvironmentFileError {
        guard case .attachmentSourceUnreadable(_, let reason) = error else {
            return .unreadable(path: path, reason: error.localizedDescription)
        }
        if reason.contains("symbolic link") { return .symbolicLink(path: path) }
        if reason.contains("not a regular file"), let kind = reason.components(separatedBy: ", not a").first {
            return .notRegularFile(path: path, kind: kind.replacingOccurrences(of: "it is ", with: ""))
        }
        return .unreadable(path: path, reason: reason)
    }
}
