import Foundation
import SmokeCore

/// Whole-file writes that readers never see half done: a temp file in the same folder, then rename.
enum AtomicFile {
    static func write(_ data: Data, to url: URL, writer: FileWriter = .system) throws {
        try write(to: url, writer: writer) { $0.append(data) }
    }

    /// The same without fsync: for pages rewritten whole on every run (the dashboard), where a reader must never see
    /// half a page but a crash may cost the last version (the next run writes it again).
    static func replace(with data: Data, at url: URL, writer: FileWriter = .system) throws {
        let temporary = temporaryURL(next: url)
        do {
            try POSIXFile.streamNew(to: temporary, writer: writer, sync: false) { $0.append(data) }
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
        try commit(temporary, to: url)
    }

    /// Streams a file into place: `render` appends its bytes, which go to the temp file a megabyte at a time.
    static func write(to url: URL, writer: FileWriter = .system, _ render: (inout ReportSink) -> Void) throws {
        try commit(writeTemporary(next: url, writer: writer, render), to: url)
    }

    /// The first half of `write(to:writer:_:)`: the bytes in a temp file beside `url`, not yet in place.
    static func writeTemporary(next url: URL, writer: FileWriter = .system, _ render: (inout ReportSink) -> Void)
        throws -> URL
    {
        let temporary = temporaryURL(next: url)
        do {
            try POSIXFile.streamNew(to: temporary, writer: writer, render)
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
        return temporary
    }

    /// The second half: the temp file renamed over `url` (removed when that fails).
    static func commit(_ temporary: URL, to url: URL) throws {
        do {
            try POSIXFile.rename(temporary, to: url)
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
    }

    /// Copies a regular file to `url` the same way: into a temp file beside it, then renamed. `limit` and
    /// `followLinks` are `POSIXFile.copyNew`'s.
    @discardableResult
    static func copy(
        _ source: URL, to url: URL, writer: FileWriter = .system, limit: Int? = nil, followLinks: Bool = true
    ) throws -> POSIXFile.Copied {
        let temporary = temporaryURL(next: url)
        do {
            let copied = try POSIXFile.copyNew(
                source, to: temporary, writer: writer, limit: limit, followLinks: followLinks)
            try POSIXFile.rename(temporary, to: url)
            return copied
        } catch let error as StoreError {
            POSIXFile.remove(temporary)
            if case .attachmentSourceUnreadable = error { throw error }
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
    }

    /// A hidden name in the destination's folder (rename is atomic only within one file system).
    static func temporaryURL(next url: URL) -> URL {
        let token = UUID().uuidString.prefix(8).lowercased()
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(token)")
    }

    /// Whether `name` is one `temporaryURL` makes (`.<name>.tmp-<8 hex digits>`).
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return false }
        let token = name[marker.upperBound...]
        return token.count == 8 && token.allSatisfy(\.isHexDigit)
            && marker.lowerBound > name.index(after: name.startIndex)
    }

    private static func reason(_ error: any Error) -> String {
        if case StoreError.writeFailed(_, let reason) = error { return reason }
        return error.localizedDescription
    }
}
