/// Which exported files count, and how their paths read: under the package root, inside an `include` prefix,
/// never build products, dependency checkouts or test sources.
package struct CoverageScope: Sendable, Equatable {
    package var root: String
    /// Prefixes relative to `root` (`"Sources/"`); empty means every file under the root.
    var include: [String]
    /// Whether files outside `root` are dropped (a run) or kept with their absolute path (a raw export).
    var requireUnderRoot: Bool

    /// Folder names whose files never count: build products and dependency checkouts.
    static let excludedComponents: Set<String> = [".build", ".swiftpm", "checkouts", "SourcePackages", "DerivedData"]

    package init(root: String, include: [String], requireUnderRoot: Bool = true) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.include = include
        self.requireUnderRoot = requireUnderRoot
    }

    /// The path a report shows for `filename`, or nil when the file is out of scope.
    package func displayPath(for filename: String) -> String? {
        let components = filename.split(separator: "/")
        if components.contains(where: { Self.excludedComponents.contains(String($0)) }) { return nil }
        let prefix = root == "/" ? "/" : root + "/"
        guard filename.hasPrefix(prefix) else {
            if requireUnderRoot || components.contains("Tests") { return nil }
            return filename
        }
        let relative = String(filename.dropFirst(prefix.count))
        if relative.hasPrefix("Tests/") { return nil }
        if !include.isEmpty, !include.contains(where: { relative.hasPrefix(Self.normalized($0)) }) { return nil }
        return relative
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

    /// An llvm-cov `-ignore-filename-regex` that keeps the export small; it never drops more than `displayPath`.
    package var ignoreFilenameRegex: String {
        let folders = Self.excludedComponents.sorted().map(Self.escaped).joined(separator: "|")
        return "(^|/)(\(folders))/|^\(Self.escaped(root))/Tests/"
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
