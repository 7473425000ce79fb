import Foundation

/// How `index.html` shows an attachment: images inline (`data:` URIs), text previewed, the rest or oversized linked.
package struct HTMLAttachment {
    /// Image types every current browser shows in an `<img>` (HEIC, TIFF are linked instead).
    static let inlineImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"]
    /// Largest single image embedded; bigger ones are linked.
    static let imageSizeLimit = 5 * 1024 * 1024
    /// Bytes of a text attachment shown in the page.
    static let textPreviewLimit = 4 * 1024

    /// Bytes still allowed inline, shared by all attachments so a page with hundreds of screenshots still opens.
    var inlineBudget = 20 * 1024 * 1024
    let content: (AttachmentRecord) -> Data?

    /// The most bytes of `record` the page can use (an image to embed, a text preview plus one byte to tell there is
    /// more); 0 when it shows none. The store reads no more, so a 1 GB log costs only a preview.
    package static func bytesNeeded(for record: AttachmentRecord) -> Int {
        if inlineImageTypes.contains(record.mediaType) { return imageSizeLimit }
        return isText(record.mediaType) ? textPreviewLimit + 1 : 0
    }

    mutating func render(_ record: AttachmentRecord) -> String {
        let link = "<a href=\"\(XMLText.escapeAttribute(Self.href(record.path)))\">\(XMLText.escape(record.name))</a>"
        let caption =
            """
            <figcaption>\(link) <span class="meta">\(XMLText.escape(record.mediaType)), \
            \(Self.byteCount(record.size))</span></figcaption>
            """
        if Self.inlineImageTypes.contains(record.mediaType), record.size <= Self.imageSizeLimit,
            record.size <= inlineBudget, let data = content(record), data.count <= inlineBudget,
            data.count == record.size
        {
            inlineBudget -= data.count
            let source = "data:\(record.mediaType);base64,\(data.base64EncodedString())"
            return
                """
                <figure class="attachment">\
                <img src="\(source)" alt="\(XMLText.escapeAttribute(record.name))">\(caption)</figure>\n
                """
        }
        if Self.isText(record.mediaType), let data = content(record), !data.prefix(Self.textPreviewLimit).contains(0) {
            let preview = String(decoding: data.prefix(Self.textPreviewLimit), as: UTF8.self)
            // The store reads only the preview: the total is the recorded size.
            let total = max(data.count, record.size)
            let more = total > Self.textPreviewLimit ? "\n… (\(Self.byteCount(total)) in total)" : ""
            return "<figure class=\"attachment\"><pre>\(XMLText.escape(preview + more))</pre>\(caption)</figure>\n"
        }
        return "<figure class=\"attachment\">\(caption)</figure>\n"
    }

    static func isText(_ mediaType: String) -> Bool {
        mediaType.hasPrefix("text/") || ["application/json", "application/xml"].contains(mediaType)
            || mediaType.hasSuffix("+json") || mediaType.hasSuffix("+xml")
    }

    /// A relative URL for a stored path: percent-encoded (`:` too, so it is never read as a
    /// scheme such as `javascript:`), and never absolute.
    static func href(_ path: String) -> String {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: hrefAllowed) ?? ""
        return encoded.hasPrefix("/") ? "./" + encoded.drop { $0 == "/" } : encoded
    }

    /// RFC 3986 path characters minus `:`; the same on every platform.
    private static let hrefAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=@")

    /// `512 B`, `3.4 KB`, `1.2 MB`.
    static func byteCount(_ size: Int) -> String {
        if size < 1024 { return "\(size) B" }
        if size < 1024 * 1024 { return String(format: "%.1f KB", Double(size) / 1024) }
        return String(format: "%.1f MB", Double(size) / (1024 * 1024))
    }
}
