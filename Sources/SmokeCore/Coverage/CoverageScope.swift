/// Which exported files count, and how their paths read: under the package root, inside an `include` prefix,
/// never build products, dependency checkouts or test sources. Folders are judged by their place under the root
/// (a project in a `checkouts` folder, a `Sources/Shop/checkouts/` folder, are the user's own).
package struct CoverageScope: Sendable, Equatable {
    package var root: String
    /// The root as the compiler may have recorded it instead (its links resolved), when that differs.
    var realRoot: String?
    /// Prefixes relative to `root` (`"Sources/"`); empty means every file under the root.
    var include: [String]
    /// Whether files outside `root` are dropped (a run) or kept with their absolute path (a raw export).
    var requireUnderRoot: Bool

    /// Folder names whose files never count: build products (a `.build…` scratch folder of any name) and dependency
    /// checkouts (`checkouts` of SwiftPM and of Xcode's `SourcePackages`, but a `Sources/…/checkouts` folder is code).
    static let excludedComponents: Set<String> = [".build", ".swiftpm", "SourcePackages", "DerivedData", "checkouts"]

    private static func isExcluded(_ component: Substring, inSources: Bool) -> Bool {
        if component == "checkouts" { return !inSources }
        return excludedComponents.contains(String(component)) || component.hasPrefix(".build")
    }

    package init(root: String, include: [String], requireUnderRoot: Bool = true, realRoot: String? = nil) {
        let root = Self.trimmed(root)
        self.root = root
        self.realRoot = realRoot.map(Self.trimmed).flatMap { $0 == root ? nil : $0 }
        self.include = include
        self.requireUnderRoot = requireUnderRoot
    }

    private static func trimmed(_ root: String) -> String {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        return root
    }

    /// The path a report shows for `filename`, or nil when the file is out of scope: under the root, a build
    /// folder or a test target's (a `Tests` folder outside `Sources/`, a top folder named `…Tests`) is out; outside
    /// it (a raw export's), any build folder or `Tests` folder in the path is.
    package func displayPath(for filename: String) -> String? {
        guard let relative = Self.relative(filename, to: root) ?? realRoot.flatMap({ Self.relative(filename, to: $0) })
        else {
            let components = filename.split(separator: "/")
            if requireUnderRoot || components.contains("Tests") { return nil }
            return components.contains(where: { Self.isExcluded($0, inSources: false) }) ? nil : filename
        }
        let components = relative.split(separator: "/")
        let inSources = components.first == "Sources"
        if components.dropLast().contains(where: { Self.isExcluded($0, inSources: inSources) }) { return nil }
        // A `Tests` folder inside a target's sources (`Sources/Shop/Tests/`) is that target's code.
        if components.count > 1,
            components[0].hasSuffix("Tests") || (!inSources && components.dropLast().contains("Tests"))
        {
            return nil
        }
        if !include.isEmpty, !include.contains(where: { Self.isInside(relative, Self.normalized($0)) }) { return nil }
        return relative
    }

    private static func relative(_ filename: String, to root: String) -> String? {
        let prefix = root == "/" ? "/" : root + "/"
        return filename.hasPrefix(prefix) ? String(filename.dropFirst(prefix.count)) : nil
    }

    /// Whether `path` is the `include` entry's file or under its folder (`Sources/App` is not `Sources/AppTests/`).
    private static func isInside(_ path: String, _ entry: String) -> Bool {
        guard !entry.hasSuffix("/") else { return path.hasPrefix(entry) }
        return path == entry || path.hasPrefix(entry + "/")
    }

    private static func normalized(_ prefix: String) -> String {
        var prefix = prefix
        while prefix.hasPrefix("./") { prefix.removeFirst(2) }
        return prefix
    }

    /// The module of a file: the folder after `Sources/`, else the first folder, else "(root)".
    package static func module(of path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        if let sources = components.firstIndex(of: "Sources"), sources + 1 < components.count - 1 {
            return components[sources + 1]
        }
        return components.count > 1 ? components[0] : "(root)"
    }

    /// The module of each of `paths`: `module(of:)`, except that a `Sources` folder below the root that holds a file of
    /// its own is one target's folder (`path: "FlyingFox/Sources"` in the manifest), its subfolders that target's,
    /// named by the folder above it.
    package static func modules(of paths: [String]) -> [String: String] {
        var targetFolders: Set<Substring> = []
        for path in paths {
            guard let slash = path.lastIndex(of: "/"), path[..<slash].hasSuffix("/Sources") else { continue }
            targetFolders.insert(path[..<slash])
        }
        var modules: [String: String] = [:]
        for path in paths {
            let folder = targetFolders.first { path.hasPrefix($0 + "/") }
            modules[path] =
                folder.flatMap { $0.dropLast("/Sources".count).split(separator: "/").last.map(String.init) }
                ?? module(of: path)
        }
        return modules
    }

    /// An llvm-cov `-ignore-filename-regex` that keeps the export small; it never drops more than `displayPath`.
    package var ignoreFilenameRegex: String {
        let folders = Self.excludedComponents.subtracting(["checkouts"]).sorted().map(Self.escaped).joined(
            separator: "|")
        let roots = [root, realRoot].compactMap { $0 }.map(Self.escaped).joined(separator: "|")
        return "^(\(roots))/(([^/]*Tests/)|(.*/)?(\(folders))/)"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
