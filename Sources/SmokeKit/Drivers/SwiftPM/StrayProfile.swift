import Foundation
import SmokeCore

/// The `default.profraw` a process writes into the package when it runs without `LLVM_PROFILE_FILE`: a test's child,
/// or a coverage build's macro, which the compiler runs in the package's folder with no variables at all. One that
/// appears while smokerun runs is moved into smokerun's folders; one that was there before is the user's.
struct StrayProfile {
    static let name = "default.profraw"

    let file: URL
    private let wasThere: Bool
    /// Where the user's own file waits while the tests run (`keepingTheUsers`), or nil.
    private var usersFile: URL?

    init(packageRoot: URL) {
        file = packageRoot.appendingPathComponent(Self.name)
        wasThere = (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil
    }

    /// Before the tests: a test's child would write over the user's own file, so it waits in `folder` (a rename, on
    /// the same file system) until `restore()`. Nil when there is none, or it cannot be moved.
    init(packageRoot: URL, keepingTheUsersIn folder: URL) {
        file = packageRoot.appendingPathComponent(Self.name)
        let aside = folder.appendingPathComponent("user-\(Self.name)")
        if (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType == .typeRegular,
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? FileManager.default.moveItem(at: file, to: aside)) != nil
        {
            usersFile = aside
        }
        wasThere = (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil
    }

    /// Puts the user's file back where it was, over any a test's child wrote since (smokerun's, not collected).
    func restore() {
        guard let usersFile else { return }
        if (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil, !wasThere {
            try? FileManager.default.removeItem(at: file)
        }
        try? FileManager.default.moveItem(at: usersFile, to: file)
    }

    /// Moves the file a build made (a macro's profile, no test's coverage) to `folder`, replacing an earlier one.
    func setAside(into folder: URL) {
        guard !wasThere, FileManager.default.fileExists(atPath: file.path) else { return }
        let target = folder.appendingPathComponent("build-\(Self.name)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.moveItem(at: file, to: target)
    }

    /// Moves the file the run made into `profiles`; the note that says so, or nil.
    func collect(into profiles: URL) -> String? {
        guard !wasThere,
            (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType
                == .typeRegular
        else { return nil }
        let target = profiles.appendingPathComponent("stray-\(Self.name)")
        do {
            try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: file, to: target)
        } catch {
            return """
                a process the tests started left \(file.path) (it ran without LLVM_PROFILE_FILE); it could not be \
                moved into the run: \(error.localizedDescription)
                """
        }
        return """
            a process the tests started wrote \(Self.name) into \(file.deletingLastPathComponent().path) (it ran \
            without LLVM_PROFILE_FILE); smokerun moved it into the run's coverage
            """
    }
}
