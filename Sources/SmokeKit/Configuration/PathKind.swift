import Foundation
import SmokeCore

/// What a path names, for checks that must not follow a guess ("is `output` a folder?").
package enum PathKind: Sendable, Equatable {
    case missing, file, folder

    /// Asks the file system; symlinks are followed, as opening the path would.
    package static let of: @Sendable (URL) -> PathKind = { url in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }
}
