import Foundation
import SmokeCore

/// The `default.profraw` a process writes into the package when it runs without `LLVM_PROFILE_FILE`: a test's child,
/// or a coverage build's macro, which the compiler runs in the package's folder with no variables at all. One that
/// appears while smokerun runs is moved into smokerun's folders; one that was there before is the user's.
struct StrayProfile {
    static let name = "default.profraw"

    let file: URL
    private let wasThere: Bool
    /// Where the user's own file waits while the tests run (`holdingTheUsersIn`), or nil.
    private var usersFile: URL?
    /// What the run should say about the user's file, when a stopped run's hold could not be undone.
    private(set) var note: String?
    /// The `flock` on the hold: another run of the package holding the user's file is alive, not killed.
    private(set) var holdLock: Int32 = -1

    init(packageRoot: URL) {
        file = packageRoot.appendingPathComponent(Self.name)
        wasThere = Self.isAnything(file)
    }

    /// Before the tests: a test's child would write over the user's own file, so it waits in `folder` (smokerun's
    /// build folder, which no retention prunes; a rename on the same file system) until `restore()`. A file still
    /// held there is a killed run's: it goes back first, unless the package has another by now (then both stay, and
    /// `note` says where). While another run of the package holds it (another pipeline), this run leaves the file,
    /// and any in the package, alone.
    init(packageRoot: URL, holdingTheUsersIn folder: URL) {
        file = packageRoot.appendingPathComponent(Self.name)
        let held = folder.appendingPathComponent("user-\(Self.name)")
        let files = FileManager.default
        try? files.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = open(held.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            if lock >= 0 { close(lock) }
            wasThere = true
            return
        }
        holdLock = lock
        if Self.isFile(held) {
            if !Self.isAnything(file) {
                try? files.moveItem(at: held, to: file)
            } else {
                note = """
                    smokerun still holds a \(Self.name) from \(packageRoot.path) at \(held.path) (a run was stopped \
                    before it put it back) and the package has another now; move it back if it is yours
                    """
            }
        }
        if Self.isFile(file), !Self.isFile(held),
            (try? files.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? files.moveItem(at: file, to: held)) != nil
        {
            usersFile = held
        }
        wasThere = Self.isAnything(file)
    }

    /// Anything at all, a link included (not followed).
    private static func isAnything(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    private static func isFile(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeRegular
    }

    /// Puts the user's file back where it was, over any a test's child wrote since (smokerun's, not collected).
    func restore() {
        defer {
            // Unlocked before the close: a child forked meanwhile holds a copy of the descriptor until its exec.
            if holdLock >= 0 {
                _ = flock(holdLock, LOCK_UN)
                close(holdLock)
            }
        }
        guard let usersFile else { return }
        if Self.isAnything(file), !wasThere {
            try? FileManager.default.removeItem(at: file)
        }
        try? FileManager.default.moveItem(at: usersFile, to: file)
    }

    /// Moves the file a build made (a macro's profile, no test's coverage) to `folder`, replacing an earlier one.
    func setAside(into folder: URL) {
        guard !wasThere, Self.isFile(file) else { return }
        let target = folder.appendingPathComponent("build-\(Self.name)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.moveItem(at: file, to: target)
    }

    /// Moves the file the run made into `profiles`; the note that says so, or nil.
    func collect(into profiles: URL) -> String? {
        guard !wasThere, Self.isFile(file) else { return nil }
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
