import Foundation

/// How the reports name a parsed input the run folder holds no copy of: its path, size and SHA-256 (`InputRecord`),
/// and whether it is still there when the reports are written. The file is the user's: smokerun only points at it.
package enum InputReference {
    /// What stands at an input's path when the reports are written (`ReportContext.inputPresence`).
    package enum Presence: Sendable, Equatable {
        /// A file of the size that was read (whether its bytes changed, only its hash can tell).
        case present
        /// Nothing: moved or deleted since.
        case missing
        /// A file of another size: not the input that was read.
        case changed(bytes: Int)
    }

    /// The inputs the reports point at instead of a copy: those `parse` read as bytes, when the run has no console.log.
    package static func referenced(_ report: RunReport) -> [InputRecord] {
        guard !report.artifacts.contains(RunDirectory.consoleLogName) else { return [] }
        return (report.inputs ?? []).filter { $0.sha256 != nil }
    }

    /// `209.7 MB, sha256 3f9a…` (the whole hash: what a copy is checked against).
    package static func fingerprint(_ input: InputRecord) -> String {
        var parts: [String] = []
        if let bytes = input.bytes { parts.append(HTMLAttachment.byteCount(bytes)) }
        if let sha256 = input.sha256 { parts.append("sha256 \(sha256)") }
        return parts.joined(separator: ", ")
    }

    /// What the reader learns of the file now, one sentence without its name.
    package static func state(_ presence: Presence) -> String {
        switch presence {
        case .present:
            "smokerun kept no copy of it (smokerun parse --keep-input keeps one as console.log)."
        case .missing:
            "It is no longer there, and smokerun kept no copy: these reports are what is left of it."
        case .changed(let bytes):
            """
            A file of another size (\(HTMLAttachment.byteCount(bytes))) stands there now: it is not the input that \
            was read, and smokerun kept no copy.
            """
        }
    }

    /// A `file://` URL of an absolute path, for a page opened on the machine that parsed.
    package static func fileURL(_ path: String) -> String? {
        guard path.hasPrefix("/"), let encoded = path.addingPercentEncoding(withAllowedCharacters: pathAllowed) else {
            return nil
        }
        return "file://" + encoded
    }

    /// RFC 3986 path characters minus `:`.
    private static let pathAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=@")
}
