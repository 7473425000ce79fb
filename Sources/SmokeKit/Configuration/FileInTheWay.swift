import Foundation

/// A file where a path needs a folder: `Pipelines` written as a file (`smokerun init --path Pipelines`) leaves
/// `Pipelines/smoke.json` unreadable and unwritable, and the error alone says only "not a directory".
package enum FileInTheWay {
    /// The nearest existing folder on `url`'s path when it is not a folder; nil when that folder is one.
    package static func of(_ url: URL) -> URL? {
        var folder = url.standardizedFileURL.deletingLastPathComponent()
        while folder.path.count > 1 {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
