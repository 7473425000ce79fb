import Foundation
import SmokeCore

/// Whole-file writes that readers never see half done: a temp file in the same folder, then rename.
enum AtomicFile {
    static func write(_ data: Data, to url: URL, writer: FileWriter = .system, mode: mode_t = 0o644) throws {
        try commit(writeTemporary(next: url, writer: writer, mode: mode) { $0.append(data) }, to: url)
    }

    /// `write` into smokerun's own folder in the output folder (made when missing); a link in its place is refused.
    static func write(_ data: Data, toFileInOwnFolder url: URL, writer: FileWriter = .system) throws {
        let folder = url.deletingLastPathComponent()
        if POSIXFile.isSymlink(folder) {
            throw StoreError.writeFailed(
                path: url.path,
                reason: "\(folder.lastPathComponent) is a symbolic link; smokerun writes only in folders of its own")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(data, to: url, writer: writer)
    }

    /// `write` without fsync, for pages rewritten on every run: a crash may lose the last version, never half a page.
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
    static func writeTemporary(
        next url: URL, writer: FileWriter = .system, mode: mode_t = 0o644, _ render: (inout ReportSink) -> Void
    ) throws -> URL {
        let temporary = temporaryURL(next: url)
        do {
            try POSIXFile.streamNew(to: temporary, writer: writer, mode: mode, render)
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
        return temporary
    }

    /// Renames `temporary` over `url` (removed on failure); never replaces a link, FIFO, device or folder there.
    static func commit(_ temporary: URL, to url: URL) throws {
        do {
            if let problem = OwnFile.problem(at: url) { throw StoreError.writeFailed(path: url.path, reason: problem) }
            try POSIXFile.rename(temporary, to: url)
        } catch {
            POSIXFile.remove(temporary)
            throw StoreError.writeFailed(path: url.path, reason: reason(error))
        }
    }

    /// Copies a regular file to `url` by temp file and rename; `limit` and `followLinks` as in `POSIXFile.copyNew`.
    @discardableResult
    static func copy(
        _ source: URL, to url: URL, writer: FileWriter = .system, limit: Int? = nil, followLinks: Bool = true
    ) throws -> POSIXFile.Copied {
        let temporary = temporaryURL(next: url)
        do {
            let copied = try POSIXFile.copyNew(
                source, to: temporary, writer: writer, limit: limit, followLinks: followLinks)
            if let problem = OwnFile.problem(at: url) { throw StoreError.writeFailed(path: url.path, reason: problem) }
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

    /// The sweeper removes only names with this prefix, so no file a person named looks like one of smokerun's.
    static let temporaryPrefix = ".smokerun-tmp-"

    /// `.smokerun-tmp-<8 hex>-<name>` beside `url` (rename is atomic only within one file system), cut to 255 bytes.
    static func temporaryURL(next url: URL) -> URL {
        let token = UUID().uuidString.prefix(8).lowercased()
        var name = Substring(url.lastPathComponent)
        while name.utf8.count > 200 { name = name.dropLast() }
        return url.deletingLastPathComponent().appendingPathComponent("\(temporaryPrefix)\(token)-\(name)")
    }

    /// Whether `name` is one `temporaryURL` makes.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let rest = name.utf8.dropFirst(temporaryPrefix.utf8.count)
        let token = rest.prefix(8)
        return token.count == 8 && token.allSatisfy { Character(UnicodeScalar($0)).isHexDigit }
            && rest.dropFirst(8).first == UInt8(ascii: "-") && rest.count > 9
    }

    /// The name a temp file becomes (`report.json` for `.smokerun-tmp-3f9a0c1d-report.json`), or nil for any other name.
    static func targetName(ofTemporary name: String) -> String? {
        isTemporaryName(name) ? String(name.dropFirst(temporaryPrefix.count + 9)) : nil
    }

    private static func reason(_ error: any Error) -> String {
        if case StoreError.writeFailed(_, let reason) = error { return reason }
        return error.localizedDescription
    }
}
