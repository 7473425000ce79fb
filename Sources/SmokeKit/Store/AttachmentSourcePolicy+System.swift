import Foundation
import SmokeCore

extension AttachmentSourcePolicy {
    package init(allowedFolders: [URL], byteLimit: Int = defaultByteLimit) {
        self.init(allowedFolders: allowedFolders, byteLimit: byteLimit, realPath: Self.systemRealPath)
    }

    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved.
    package static let systemRealPath: @Sendable (String) -> String? = { POSIXFile.realPath($0) }

    /// The real path of `source` if readable under the policy: inside an allowed folder and a regular file (a FIFO,
    /// device or directory refused without a blocking open); else throws `attachmentSourceUnreadable`.
    package func checkedFile(_ source: URL) throws(StoreError) -> URL {
        switch resolve(source) {
        case .success(let real):
            let url = URL(fileURLWithPath: real)
            close(try POSIXFile.openRegularFile(url, followLinks: false))
            return url
        case .failure(let refusal):
            throw .attachmentSourceUnreadable(
                path: source.path, reason: "it \(refusal.reason) (\(allowedDescription))")
        }
    }

    /// At most `byteLimit` bytes of `source`, checked as `checkedFile` does; `cut` when the file holds more.
    package func read(_ source: URL) throws -> (data: Data, cut: Bool) {
        try POSIXFile.readPrefix(checkedFile(source), limit: byteLimit, followLinks: false)
    }

    /// Copies `source`, checked as `checkedFile` does, atomically to `destination`, at most `byteLimit`; true if cut.
    @discardableResult
    func copy(_ source: URL, to destination: URL, writer: FileWriter = .system) throws -> POSIXFile.Copied {
        try AtomicFile.copy(
            checkedFile(source), to: destination, writer: writer, limit: byteLimit, followLinks: false)
    }

    /// "files are read only from inside /runs/r1": for messages.
    var allowedDescription: String {
        "files are read only from inside "
            + (allowedFolders.isEmpty ? "no folder" : allowedFolders.map(\.path).joined(separator: ", "))
    }
}
