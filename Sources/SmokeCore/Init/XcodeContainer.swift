/// The Xcode workspace or project `init` reads: as given, else the folder's (a workspace first: it holds projects).
package struct XcodeContainer: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case workspace, project
    }

    package var kind: Kind
    /// Relative to the project root, as written into the pipeline.
    package var path: String

    package init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    package var arguments: [String] { ["-\(kind.rawValue)", path] }

    /// The container among a folder's entry names, or nil; throws when two of a kind leave the choice open.
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
