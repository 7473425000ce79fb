import Foundation
import Testing

@testable import SmokeCoreTestSupport

/// Inside a module, folders are layers: a file may name the types of its own folder and of the folders its
/// folder's row in `allowed` lists, never the other way (Documentation/Design.md §3). SmokeKit's files may name
/// any SmokeCore type: that arrow is the modules', and the compiler holds it.
@Suite struct FolderArrowTests {
    /// A Swift file: its path below `Sources/` (`SmokeKit/Run/SmokeRun.swift`) and its text.
    struct Source {
        var path: String
        var text: String
    }

    /// Each folder (module and top-level folder) and the folders of the same module whose types its files may
    /// name. Kept one-way: `theTableIsOneWay` fails on a cycle.
    static let allowed: [String: Set<String>] = [
        "SmokeCore/Model": [],
        "SmokeCore/Process": [],
        "SmokeCore/Store": ["Model"],
        "SmokeCore/Schedule": ["Model"],
        "SmokeCore/Parsing": ["Model", "Process"],
        "SmokeCore/Reports": ["Model", "Store"],
        "SmokeCore/Configuration": ["Model", "Reports", "Store"],
        "SmokeCore/Terminal": ["Configuration", "Model", "Reports"],
        "SmokeCore/TestPhase": ["Configuration", "Model", "Process", "Store"],
        "SmokeCore/ResultBundle": ["Model", "Parsing", "TestPhase"],
        "SmokeCore/Drivers": ["Configuration", "Model", "Parsing", "TestPhase"],
        "SmokeCore/Bisect": ["Model", "TestPhase"],
        "SmokeCore/Coverage": ["Model", "Reports", "Terminal"],
        "SmokeCore/Dashboard": ["Model", "Reports", "Store"],
        "SmokeCore/Notify": ["Configuration", "Culprit", "Dashboard", "Model", "Reports", "Store"],
        "SmokeCore/Devices": ["Configuration", "Model"],
        "SmokeCore/Init": ["Configuration", "Devices", "Model"],
        "SmokeCore/Culprit": ["Model", "Reports", "Store"],
        "SmokeKit/Process": [],
        "SmokeKit/Configuration": ["Process"],
        "SmokeKit/Parsing": ["Process"],
        "SmokeKit/Devices": ["Process"],
        "SmokeKit/TestPhase": ["Process"],
        "SmokeKit/ResultBundle": ["Process"],
        "SmokeKit/History": ["Configuration", "Process"],
        "SmokeKit/Store": ["Configuration", "History", "Process", "ResultBundle"],
        "SmokeKit/Coverage": ["Configuration", "History", "Process", "Store"],
        "SmokeKit/Dashboard": ["Configuration", "History", "Process", "Store"],
        "SmokeKit/Notify": ["Configuration", "History", "Process"],
        "SmokeKit/Drivers": ["Coverage", "Devices", "Process", "ResultBundle", "TestPhase"],
        "SmokeKit/Culprit": ["Configuration", "Drivers", "Process", "TestPhase"],
        "SmokeKit/Run": [
            "Configuration", "Coverage", "Culprit", "Dashboard", "Devices", "Drivers", "History", "Notify",
            "Parsing", "Process", "ResultBundle", "Store", "TestPhase",
        ],
        "SmokeKit/Schedule": ["Configuration", "History", "Process", "Run", "Store"],
        "SmokeKit/Doctor": ["Configuration", "Coverage", "Devices", "Drivers", "Notify", "Process", "Schedule"],
    ]

    /// `SmokeCore/Parsing` for `SmokeCore/Parsing/Lines/LineSplitter.swift`: the module and its top-level folder.
    static func folder(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.prefix(max(1, min(2, parts.count - 1))).joined(separator: "/")
    }

    /// The words of a source's code, comments and string literals removed, each with the brace depth it stands at;
    /// a word right after a `.` (a member, `Outer.Inner`) is left out.
    static func words(of text: String) -> [(word: String, depth: Int)] {
        var found: [(word: String, depth: Int)] = []
        var depth = 0
        var current = ""
        var afterDot = false
        for character in CorePurityTests.code(of: text) {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
                continue
            }
            if !current.isEmpty {
                if !afterDot, !(current.first?.isNumber ?? true) { found.append((current, depth)) }
                current = ""
            }
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            if !character.isWhitespace { afterDot = character == "." }
        }
        if !current.isEmpty, !afterDot { found.append((current, depth)) }
        return found
    }

    static let declarationWords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]

    /// The names a source declares: at the top level (`top`), and at any depth (`all`, which its own words mean).
    static func declarations(in words: [(word: String, depth: Int)]) -> (top: [String], all: Set<String>) {
        var top: [String] = []
        var all: Set<String> = []
        for (index, entry) in words.enumerated().dropLast() where declarationWords.contains(entry.word) {
            let name = words[index + 1].word
            all.insert(name)
            if entry.depth == 0 { top.append(name) }
        }
        return (top, all)
    }

    /// One line per reference against the table: the file, the type it names, that type's folder, and the
    /// direction the table allows.
    static func violations(in sources: [Source]) -> [String] {
        let parsed = sources.map { (source: $0, words: words(of: $0.text)) }
        var owner: [String: String] = [:]
        for (source, words) in parsed {
            for name in declarations(in: words).top where owner[name] == nil { owner[name] = folder(of: source.path) }
        }
        var found: [String] = []
        for (source, words) in parsed {
            let from = folder(of: source.path)
            let module = from.split(separator: "/").first.map(String.init) ?? from
            guard let row = allowed[from] else {
                found.append("Sources/\(source.path): its folder \(from) has no row in FolderArrowTests.allowed")
                continue
            }
            let own = declarations(in: words).all
            var named: Set<String> = []
            for (word, _) in words where !own.contains(word) && named.insert(word).inserted {
                guard let to = owner[word], to != from else { continue }
                let parts = to.split(separator: "/").map(String.init)
                if parts.first != module {
                    if module == "SmokeKit" && parts.first == "SmokeCore" { continue }
                    found.append("Sources/\(source.path) names \(word), declared in \(to): \(module) may not use it")
                    continue
                }
                guard let target = parts.last, !row.contains(target) else { continue }
                let direction =
                    allowed[to]?.contains(from.split(separator: "/").last.map(String.init) ?? "") == true
                    ? "the allowed direction is \(to) → \(from): move the type down or the file up"
                    : "the table has no arrow between them: add \(from) → \(to) only if it stays one-way"
                found.append("Sources/\(source.path) names \(word), declared in \(to); \(direction)")
            }
        }
        return found
    }

    /// A cycle of the table as `A → B → A`, nil when it is one-way.
    static func cycle(in table: [String: Set<String>]) -> String? {
        var state: [String: Bool] = [:] // false: on the path, true: done
        var path: [String] = []
        func visit(_ folder: String) -> String? {
            if state[folder] == true { return nil }
            if state[folder] == false {
                let loop = path.drop(while: { $0 != folder }) + [folder]
                return loop.joined(separator: " → ")
            }
            state[folder] = false
            path.append(folder)
            let module = folder.split(separator: "/").first.map(String.init) ?? folder
            for next in (table[folder] ?? []).sorted() {
                if let found = visit("\(module)/\(next)") { return found }
            }
            path.removeLast()
            state[folder] = true
            return nil
        }
        for folder in table.keys.sorted() {
            if let found = visit(folder) { return found }
        }
        return nil
    }

    static func sources() throws -> [Source] {
        let root = PackageRoot.file("Sources")
        var sources: [Source] = []
        for module in ["SmokeCore", "SmokeKit"] {
            let folder = root.appendingPathComponent(module)
            let names = try #require(FileManager.default.enumerator(atPath: folder.path), "no \(folder.path)")
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            for name in names {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                sources.append(Source(path: "\(module)/\(name)", text: text))
            }
        }
        return sources
    }

    @Test func everyReferenceBetweenFoldersFollowsTheTable() throws {
        let sources = try Self.sources()
        #expect(sources.count > 400, "SmokeCore and SmokeKit should hold the code; found \(sources.count) files")
        for violation in Self.violations(in: sources) {
            Issue.record("\(violation)")
        }
    }

    @Test func theTableIsOneWay() {
        #expect(Self.cycle(in: Self.allowed) == nil)
        #expect(Self.cycle(in: ["K/A": ["B"], "K/B": ["C"], "K/C": ["A"]]) == "K/A → K/B → K/C → K/A")
    }

    @Test func aReferenceAgainstTheTableFailsWithTheTypeItsFolderAndTheAllowedDirection() {
        var sources = [
            Source(path: "SmokeCore/Model/Totals.swift", text: "package struct Totals { var passed = 0 }\n"),
            Source(
                path: "SmokeCore/Store/RunDirectory.swift",
                text: """
                    /// Holds `Totals`.
                    struct RunDirectory { var totals: Totals }
                    struct RunID {}
                    """),
            Source(path: "SmokeKit/Run/SmokeRun.swift", text: "struct SmokeRun { let folder: RunDirectory }\n"),
        ]
        #expect(Self.violations(in: sources).isEmpty)

        sources.append(
            Source(
                path: "SmokeCore/Model/HistoryEntry.swift",
                text: """
                    // A RunDirectory in a comment is not a use, nor "RunDirectory" in a string, nor its own RunID.
                    struct HistoryEntry {
                        struct RunID {}
                        var id: RunID
                        var folder: RunDirectory?
                    }
                    """))
        #expect(
            Self.violations(in: sources) == [
                """
                Sources/SmokeCore/Model/HistoryEntry.swift names RunDirectory, declared in SmokeCore/Store; the allowed \
                direction is SmokeCore/Store → SmokeCore/Model: move the type down or the file up
                """
            ])

        sources.append(Source(path: "SmokeCore/Model/Echo.swift", text: "enum Echo { static let kit = SmokeRun.self }"))
        sources.append(Source(path: "SmokeCore/Unplaced/Thing.swift", text: "struct Thing {}"))
        #expect(
            Self.violations(in: sources).dropFirst() == [
                "Sources/SmokeCore/Model/Echo.swift names SmokeRun, declared in SmokeKit/Run: SmokeCore may not use it",
                "Sources/SmokeCore/Unplaced/Thing.swift: its folder SmokeCore/Unplaced has no row in FolderArrowTests.allowed",
            ])
    }
}
