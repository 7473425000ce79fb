import Foundation
import SmokeCore

/// Writes one variable into `<output>/env` (`smokerun secret set`): the whole file into a 0600 temp file renamed
/// over it, never through a link, so no reader sees it half written or readable by others. A folder holding
/// someone else's files is refused.
package struct EnvironmentFileWriter: Sendable {
    var user: UInt32 = UInt32(geteuid())

    package init() {}

    package func set(_ name: String, to value: String, in layout: OutputLayout, displayPath: String) throws {
        let file = layout.environmentFile
        try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
        if POSIXFile.isSymlink(file) { throw EnvironmentFileError.symbolicLink(path: displayPath) }
        // The mode is not checked (rewriting a file the umask left readable is the fix); owner, kind and size are.
        var reader = EnvironmentFileReader(user: user)
        reader.checksMode = false
        let existing = try reader.bytes(of: file, displayPath: displayPath).map { String(decoding: $0, as: UTF8.self) }
        let text = try EnvironmentFile.setting(name, to: value, in: existing, path: displayPath)
        try AtomicFile.write(Data(text.utf8), to: file, mode: 0o600)
    }
}
