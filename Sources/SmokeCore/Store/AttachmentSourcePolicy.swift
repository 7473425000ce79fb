import Foundation

/// smokerun's one read policy for files named by what it reads (an event stream's `_path`, a report.json attachment
/// `path`, a bundle's payload id, a failure screenshot). Copied blindly, `/etc/passwd` or `/dev/zero` would end up in
/// an uploaded report: a file is read only when its real path (symlinks resolved) lies in an allowed folder, it must
/// be a regular file (checked on open, in SmokeKit), and at most `byteLimit` bytes are copied.
package struct AttachmentSourcePolicy: Sendable {
    /// Folders an attachment file may come from (`parse --attachments-from`, the input's folder, the run directory).
    package var allowedFolders: [URL]
    /// The real path (symlinks resolved), nil when missing: SmokeKit's `systemRealPath`, or a test's.
    var realPath: @Sendable (String) -> String?
    /// The most bytes copied (or decompressed) from one file; what is beyond is cut and said in the report.
    package var byteLimit: Int

    /// 256 MiB: a long screen recording fits, a decompression bomb or a runaway log does not.
    package static let defaultByteLimit = 256 * 1024 * 1024
    package static let byteLimitVariable = "SMOKERUN_MAX_ATTACHMENT_BYTES"

    package init(
        allowedFolders: [URL], byteLimit: Int = defaultByteLimit, realPath: @escaping @Sendable (String) -> String?
    ) {
        self.allowedFolders = allowedFolders
        self.byteLimit = byteLimit
        self.realPath = realPath
    }

    /// The limit `environment` sets, else the default; a value that is not a positive whole number is an error.
    package static func byteLimit(environment: [String: String]) throws(AttachmentLimitError) -> Int {
        guard let text = environment[byteLimitVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return defaultByteLimit
        }
        guard let value = Int(text), value > 0 else { throw AttachmentLimitError(value: text) }
        return value
    }

    /// The limit the environment sets, or the default when its value is not a positive number: for the steps of
    /// a run or a notification, whose command already refused such a value before starting (exit 2).
    package static func byteLimitOrDefault(environment: [String: String]) -> Int {
        (try? byteLimit(environment: environment)) ?? defaultByteLimit
    }

    /// The attachments that may be stored, and one error for each that may not.
    package func filter(_ raws: [RawAttachment]) -> (allowed: [RawAttachment], refused: [InfrastructureError]) {
        var allowed: [RawAttachment] = []
        var refused: [InfrastructureError] = []
        let folders = realFolders()
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

    /// Why a file may not be read.
    package struct Refusal: Error, Equatable, Sendable {
        /// "does not exist", "resolves (through a symlink) to /etc/passwd, outside the allowed folders", …
        package var reason: String
    }

    /// The real path of `source` when it lies inside an allowed folder, else why not.
    package func resolve(_ source: URL) -> Result<String, Refusal> {
        check(source, folders: realFolders())
    }

    private func realFolders() -> [String] { allowedFolders.compactMap { realPath($0.path) } }

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

    /// The note a report gets for a file copied only in part: which, how much was kept, and the fix.
    package static func cutNote(what: String, kept: Int) -> String {
        """
        \(what) was cut at \(kept) bytes, the limit on what smokerun copies from one file; set \(byteLimitVariable) \
        to a larger number of bytes to keep more
        """
    }
}
