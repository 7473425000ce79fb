import Foundation
import SmokeCore

/// The `default.profraw` a process writes into the package when it runs without `LLVM_PROFILE_FILE`: a test's child,
/// or a coverage build's macro, which the compiler runs in the package's folder with no variables at all. One that
/// appears while smokerun runs is moved into smokerun's folders; one that was there before is the user's.
struct StrayProfile {
    static let name = "default.profraw"

    let file: URL
    private let wasThere: Bool

    init(packageRoot: URL) {
        file = packageRoot.appendingPathComponent(Self.name)
        wasThere = (try? FileManager.default.attributesOfItem(atPath: file.path)) != nil
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
