import Foundation

/// Which folders a pipeline's `output` may name. smokerun deletes under it (old runs, temp files), so it must be
/// its own: never the project folder or above, home, `/`, or a folder holding someone else's files. Pure.
package enum OutputFolderRule {
    /// Why `value` (`output` as written) may not be the output folder, or nil; `entries` is nil for a new folder.
    package static func problem(
        value: String, resolved: URL, projectRoot: URL, home: URL?, entries: [String]?
    ) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let path = resolved.standardizedFileURL.path
        let root = projectRoot.standardizedFileURL.path
        if trimmed.isEmpty || trimmed == "~" || trimmed.hasPrefix("~/") {
            return """
                '\(value)' is not a folder smokerun can use (it does not expand '~'); name a folder of smokerun's own, \
                such as ".smokerun" (the default)
                """
        }
        if path == "/" || path == root || root.hasPrefix(path + "/") || path == home?.standardizedFileURL.path {
            return """
                '\(value)' is \(path), which holds more than smokerun's files, and smokerun deletes old runs and temp \
                files in its output folder; name a folder of smokerun's own, such as ".smokerun" (the default)
                """
        }
        guard let entries else { return nil }
        // Hidden files are someone's too (`.git/`, `.bashrc`); only smokerun's own hidden names and a Finder
        // `.DS_Store` say nothing about whose the folder is.
        let others = entries.filter { !$0.hasPrefix(OutputLayout.ownHiddenPrefix) && $0 != ".DS_Store" }
        guard !others.isEmpty, !others.contains(where: OutputLayout.ownNames.contains) else { return nil }
        let shown = others.sorted().prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
        return """
            \(path) already holds files smokerun did not make (\(shown)), and smokerun deletes old runs and temp files \
            in its output folder; name a new or empty folder, such as ".smokerun" (the default)
            """
    }
}
