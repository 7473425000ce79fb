/// The Xcode workspace or project `init` reads: `--workspace`/`--project`, else the one in the folder
/// (a workspace before a project, since a workspace holds its projects and their dependencies). Pure.
package struct XcodeContainer: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case workspace, project
    }

    package var kind: Kind
    /// As written into the pipeline: relative to the project root, e.g. `SmokeApp.xcodeproj`.
    package var path: String

    package init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `-workspace PATH` or `-project PATH`.
    package var arguments: [String] { ["-\(kind.rawValue)", path] }

    /// The container among a folder's entries (names only), or nil when it holds none.
    /// - Throws: `InitError.severalContainers` when two workspaces (or, without one, two projects) leave
    ///   the choice open.
    package static func choose(
        entries: [String], workspace: String? = nil, project: String? = nil
    ) throws(InitError) -> XcodeContainer? {
        if let workspace { return XcodeContainer(kind: .workspace, path: workspace) }
        if let project { return XcodeContainer(kind: .project, path: project) }
        for kind in [Kind.workspace, .project] {
            let found = entries.filter { $0.hasSuffix(kind == .workspace ? ".xcworkspace" : ".xcodeproj") }.sorted()
            if found.count > 1 { throw .severalContainers(kind: kind.rawValue, found: found) }
            if let only = found.first { return XcodeContainer(kind: kind, path: only) }
        }
        return nil
    }
}
