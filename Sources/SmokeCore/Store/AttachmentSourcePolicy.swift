import Foundation

/// Decides which attachments named by a path may be copied into a report. An input names files by
/// path (an event stream's `_path`); copied blindly, `/etc/passwd` or `../../.ssh/id_rsa` would
/// leave the machine inside an uploaded report. So a file is copied only when its real path (every
/// symlink resolved) lies inside one of the allowed folders; the others become report errors.
package struct AttachmentSourcePolicy: Sendable {
    /// Folders an attachment file may come from (`parse --attachments-from`, the input's folder, the run directory).
    var allowedFolders: [URL]
    /// The real path of a file (symlinks resolved), nil when it does not exist: the file system's answer
    /// (`AttachmentSourcePolicy.systemRealPath` in SmokeKit) or a test's.
    var realPath: @Sendable (String) -> String?

    package init(allowedFolders: [URL], realPath: @escaping @Sendable (String) -> String?) {
        self.allowedFolders = allowedFolders
        self.realPath = realPath
    }

    /// The attachments that may be stored, and one error for each that may not.
    package func filter(_ raws: [RawAttachment]) -> (allowed: [RawAttachment], refused: [InfrastructureError]) {
        var allowed: [RawAttachment] = []
        var refused: [InfrastructureError] = []
        let folders = allowedFolders.compactMap { realPath($0.path) }
        for raw in raws {
            guard case .file(let source) = raw.content else {
                allowed.append(raw)
                continue
            }
            switch check(source, folders: folders) {
            case .success(let real):
                // Copy the file that was checked, not a link that could be pointed elsewhere meanwhile.
                var checked = raw
                checked.content = .file(URL(fileURLWithPath: real))
                allowed.append(checked)
            case .failure(let refusal):
                let owner = raw.testID.map { "of \($0) " } ?? ""
                refused.append(
                    InfrastructureError(
                        message:
                            """
                            attachment '\(raw.name)' \(owner)was not copied: its file \(source.path) \
                            \(refusal.reason); attachments are copied only from \(describe(allowedFolders)) (with \
                            `smokerun parse`, name the folder that holds them with --attachments-from DIR)
                            """))
            }
        }
        return (allowed, refused)
    }

    private struct Refusal: Error {
        var reason: String
    }

    /// The real path of `source` when it may be copied, else why not.
    private func check(_ source: URL, folders: [String]) -> Result<String, Refusal> {
        guard let real = realPath(source.path) else { return .failure(Refusal(reason: "does not exist")) }
        let inside = folders.contains { folder in real.hasPrefix(folder == "/" ? "/" : folder + "/") }
        guard inside else {
            let lexical = source.standardizedFileURL.path
            return .failure(
                Refusal(
                    reason: real == lexical
                        ? "lies outside the allowed folders"
                        : "resolves (through a symlink) to \(real), outside the allowed folders"))
        }
        return .success(real)
    }

    private func describe(_ folders: [URL]) -> String {
        folders.isEmpty ? "no folder" : folders.map(\.path).joined(separator: ", ")
    }
}
