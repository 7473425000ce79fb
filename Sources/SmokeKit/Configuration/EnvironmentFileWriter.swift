import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one variable into `<output>/env` (`smokerun secret set`): the folder made when it is not there (a
/// folder that holds someone else's files is refused), the file rewritten whole into a temp file created with mode
/// 0600 and renamed over it — never through a link, never a special file — so no reader ever sees it half written
/// or readable by others.
package struct EnvironmentFileWriter: Sendable {
    /// The user the file must belong to, as for reading it.
    var user: UInt32 = UInt32(geteuid())

    package init() {}

    /// Sets `name` to `value` in `layout`'s env file. `displayPath` names the file in messages.
    package func set(_ name: String, to value: String, in layout: OutputLayout, displayPath: String) throws {
        let file = layout.environmentFile
        try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
        if POSIXFile.isSymlink(file) { throw EnvironmentFileError.symbolicLink(path: displayPath) }
        // The mode is not checked: rewriting a file the usual umask left readable is the fix. The owner, kind and
        // size are.
        var reader = EnvironmentFileReader(user: user)
        reader.checksMode = false
        let existing = try reader.bytes(of: file, displayPath: displayPath).map { String(decoding: $0, as: UTF8.self) }
        let text = try EnvironmentFile.setting(name, to: value, in: existing, path: displayPath)
        try AtomicFile.write(Data(text.utf8), to: file, mode: 0o600)
    }
}
