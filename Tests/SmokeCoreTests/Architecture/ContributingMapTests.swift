import Foundation
import Testing

/// The documents a newcomer reads must stay true to the tree: every path CONTRIBUTING.md names exists, its map
/// lists every source folder, the README stays a user guide of at most 600 lines, and nothing in the repository
/// points at notes kept outside it (source comments cite `Documentation/Design.md` sections instead).
@Suite struct ContributingMapTests {
    /// The package root; this file is `<root>/Tests/SmokeCoreTests/Architecture/ContributingMapTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
    }

    // MARK: Paths named in CONTRIBUTING.md

    /// Repository paths written out in a text (`Sources/…`, `Tests/…`, `Scripts/…`, `Documentation/…`,
    /// `Pipelines/…`, `.ci/…`), cut at the first character a path here never holds (`<Folder>`, a backtick, a
    /// space); a trailing `.` or `,` is the sentence's.
    static func namedPaths(in text: String) -> [String] {
        let pattern = #"(?<![A-Za-z0-9_./<-])(?:Sources|Tests|Scripts|Documentation|Pipelines|\.ci)/[A-Za-z0-9_.+*/-]*"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        var paths: [String] = []
        for match in expression.matches(in: text, range: range) {
            guard let found = Range(match.range, in: text) else { continue }
            var path = String(text[found])
            while path.hasSuffix(".") || path.hasSuffix(",") { path.removeLast() }
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// Whether a named path exists; a `*` in its last component matches any run of characters
    /// (`Scripts/bench-*.sh`), and then at least one file must match.
    static func resolves(_ path: String) -> Bool {
        guard path.contains("*") else { return exists(path) }
        let folder = (path as NSString).deletingLastPathComponent
        let parts = (path as NSString).lastPathComponent.split(separator: "*", omittingEmptySubsequences: false)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path))
        return (names ?? []).contains { name in
            guard let first = parts.first, let last = parts.last, name.hasPrefix(first), name.hasSuffix(last) else {
                return false
            }
            var rest = name.dropFirst(first.count)
            for part in parts.dropFirst().dropLast() {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.count >= last.count
        }
    }

    /// The source folders the map lists: `  Name/` lines name `Sources/SmokeCore/Name` or
    /// `Sources/SmokeKit/Name`, and `    Sub/` lines a folder inside the last `Name/`.
    static func mapFolders(in text: String) -> [String] {
        var folders: [String] = []
        var inMap = false
        var parent: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Sources/SmokeCore/, Sources/SmokeKit/") {
                inMap = true
                continue
            }
            guard inMap else { continue }
            guard line.hasPrefix(" ") else {
                if !line.isEmpty { inMap = false }
                continue
            }
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            guard let slash = trimmed.firstIndex(of: "/"),
                trimmed[..<slash].allSatisfy({ $0.isLetter || $0.isNumber }), !trimmed[..<slash].isEmpty,
                trimmed[trimmed.index(after: slash)...].first?.isWhitespace ?? true
            else { continue }
            let name = String(trimmed[..<slash])
            if indent == 2 {
                parent = name
                folders.append(name)
            } else if indent == 4, let parent {
                folders.append("\(parent)/\(name)")
            }
        }
        return folders
    }

    static let sourceSides = ["Sources/SmokeCore", "Sources/SmokeKit"]

    @Test func everyPathContributingNamesExists() throws {
        let contributing = try Self.text("CONTRIBUTING.md")
        let paths = Self.namedPaths(in: contributing)
        #expect(paths.count > 30, "CONTRIBUTING.md should name the tree's paths; found \(paths.count): \(paths)")
        for path in paths where !Self.resolves(path) {
            Issue.record("CONTRIBUTING.md names \(path), which does not exist; correct the map or the path")
        }
    }

    @Test func everyFolderTheMapListsExistsInSmokeCoreOrSmokeKit() throws {
        let folders = Self.mapFolders(in: try Self.text("CONTRIBUTING.md"))
        #expect(folders.count > 15, "the map should list the source folders; found \(folders)")
        for folder in folders where !Self.sourceSides.contains(where: { Self.exists("\($0)/\(folder)") }) {
            Issue.record(
                "CONTRIBUTING.md's map lists \(folder)/, which is in neither Sources/SmokeCore nor Sources/SmokeKit")
        }
    }

    @Test func theMapListsEverySourceFolder() throws {
        let listed = Set(Self.mapFolders(in: try Self.text("CONTRIBUTING.md")))
        for side in Self.sourceSides {
            let base = Self.root.appendingPathComponent(side)
            let entries = try #require(FileManager.default.enumerator(atPath: base.path), "no \(side)")
            for case let entry as String in entries {
                var isFolder: ObjCBool = false
                let depth = entry.split(separator: "/").count
                guard depth <= 2,
                    FileManager.default.fileExists(
                        atPath: base.appendingPathComponent(entry).path, isDirectory: &isFolder),
                    isFolder.boolValue
                else { continue }
                if !listed.contains(entry) {
                    Issue.record("\(side)/\(entry)/ is missing from CONTRIBUTING.md's map; say what it holds there")
                }
            }
        }
    }

    @Test func theCheckReadsBacktickedMapAndGlobPaths() {
        let text = """
            See `Sources/SmokeCore/Parsing/InputFormat.swift`, Scripts/bench-*.sh and Tests/SmokeKitTests/<Folder>.
            IntegrationTests/ alone, ../shared/corpus and Scripts/no-such-script.sh, Documentation/Nowhere.md.
            """
        let paths = Self.namedPaths(in: text)
        #expect(
            paths == [
                "Sources/SmokeCore/Parsing/InputFormat.swift", "Scripts/bench-*.sh", "Tests/SmokeKitTests/",
                "Scripts/no-such-script.sh", "Documentation/Nowhere.md",
            ])
        #expect(paths.map(Self.resolves) == [true, true, true, false, false])
        let map = """
            Sources/SmokeCore/, Sources/SmokeKit/ — the folders:
              Parsing/        the rules
                Lines/        line splitting
              Nowhere/        not a folder
            Sources/SmokeTestSupport/ the fakes
              Ignored/        after the map
            """
        #expect(Self.mapFolders(in: map) == ["Parsing", "Parsing/Lines", "Nowhere"])
    }

    // MARK: The README and references outside the repository

    @Test func theReadmeIsAUserGuideOfAtMost600Lines() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 600, "README.md has \(lines) lines; move design and benchmark detail to Documentation/")
        #expect(lines > 100, "README.md has only \(lines) lines; is it the user guide?")
    }

    /// Written in pieces so that this file does not name them itself.
    static let outsideReferences = [
        "../shared" + "/DES" + "IGN", "shared" + "/STY" + "LE", "STY" + "LE.md", "DES" + "IGN.md", "DES" + "IGN §",
    ]

    /// Every text file of the repository a contributor writes: Sources, Tests (not the fixtures' own content),
    /// Scripts, .ci, .github, Pipelines, Documentation and the Markdown files at the root.
    static func repositoryFiles() -> [String] {
        var files: [String] = []
        let textEndings = [".swift", ".md", ".sh", ".py", ".json", ".yml", ".txt", ".c", ".h"]
        for folder in ["Sources", "Tests", "Scripts", ".ci", ".github", "Pipelines", "Documentation"] {
            guard let entries = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            else { continue }
            for case let entry as String in entries {
                let path = "\(folder)/\(entry)"
                guard !path.hasPrefix("Tests/Fixtures/") else { continue }
                let isScript = folder == "Scripts" || folder == ".ci"
                if isScript || textEndings.contains(where: path.hasSuffix) { files.append(path) }
            }
        }
        let rootEntries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return files + rootEntries.filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The README's iOS quick start and Documentation/iOS.md name the same oldest Xcode (the one the xcodebuild
    /// driver supports: 15, with Xcode 16 listing the tests).
    @Test func theReadmeAndTheIOSReferenceNameTheSameOldestXcode() throws {
        func oldest(_ text: String) -> [String] {
            let pattern = try? NSRegularExpression(pattern: #"Xcode (\d+) or later"#)
            let range = NSRange(text.startIndex..., in: text)
            return (pattern?.matches(in: text, range: range) ?? []).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
        let readme = Set(oldest(try Self.text("README.md")))
        let reference = Set(oldest(try Self.text("Documentation/iOS.md")))
        #expect(!readme.isEmpty && !reference.isEmpty)
        #expect(readme == reference, "README: Xcode \(readme.sorted()) or later; iOS.md: \(reference.sorted())")
    }

    @Test func nothingInTheRepositoryPointsAtNotesOutsideIt() throws {
        let files = Self.repositoryFiles()
        #expect(files.count > 300, "expected the repository's sources, tests and documents; found \(files.count)")
        for file in files {
            var isFolder: ObjCBool = false
            guard
                FileManager.default.fileExists(
                    atPath: Self.root.appendingPathComponent(file).path, isDirectory: &isFolder),
                !isFolder.boolValue, let text = try? Self.text(file)
            else { continue }
            for reference in Self.outsideReferences where text.contains(reference) {
                Issue.record("\(file) names \(reference); cite a Documentation/Design.md section instead")
            }
        }
    }
}
