import Foundation

/// Media types of attachments, from what the source said or else from the file extension.
package enum MediaType {
    static let fallback = "application/octet-stream"

    static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "heic": "image/heic", "webp": "image/webp", "txt": "text/plain", "log": "text/plain",
        "json": "application/json", "xml": "application/xml", "html": "text/html", "htm": "text/html",
        "pdf": "application/pdf", "mp4": "video/mp4", "plist": "application/x-plist", "csv": "text/csv",
    ]

    /// The extension a file of this type gets when its name has none.
    static let preferredExtension: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/heic": "heic", "image/webp": "webp",
        "text/plain": "txt", "application/json": "json", "application/xml": "xml", "text/html": "html",
        "application/pdf": "pdf", "video/mp4": "mp4", "application/x-plist": "plist", "text/csv": "csv",
    ]

    /// The source's type when it is a well-formed `type/subtype`, else the extension's, else
    /// `application/octet-stream`.
    package static func resolve(declared: String?, pathExtension: String) -> String {
        if let declared = normalized(declared) { return declared }
        return byExtension[pathExtension.lowercased()] ?? fallback
    }

    /// `image/png` from ` Image/PNG; charset=…`; nil for UTIs (`public.png`) and garbage.
    static func normalized(_ value: String?) -> String? {
        guard let value else { return nil }
        let essence = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = essence.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { part in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "!#$&^_.+-".unicodeScalars.contains($0))
                }
        }
        guard parts.count == 2, token(parts[0]), token(parts[1]) else { return nil }
        return trimmed
    }
}
