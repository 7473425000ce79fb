import Foundation
import SmokeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AttachmentSourcePolicy {
    /// The policy over this machine's file system.
    package init(allowedFolders: [URL]) {
        self.init(allowedFolders: allowedFolders, realPath: Self.systemRealPath)
    }

    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved.
    package static let systemRealPath: @Sendable (String) -> String? = { path in
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
