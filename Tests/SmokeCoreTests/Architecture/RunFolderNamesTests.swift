import Foundation
import Testing

/// Every name inside the output folder and a run folder is typed in one place: `OutputLayout` for the output
/// folder, `RunDirectory` for a run folder, and each report writer for its own file. Anywhere else a literal
/// such as `"console.log"` or `appendingPathComponent("profiles")` is a second owner.
struct RunFolderNamesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// File names: flagged as a whole string literal anywhere.
    static let fileNames = [
        "console.log", "report.json", "junit.xml", "summary.md", "index.html", "coverage.profdata",
        "coverage.json", "coverage.lcov", "cobertura.xml", "coverage-inputs.json", ".coverage-export.json",
        "history.jsonl", "history.sqlite", "tests.json",
    ]
    /// Folder names: flagged where a path is built from them (they are also ordinary words and JSON keys).
    static let folderNames = [
        "attachments", "profiles", "events", "scratch", "xcodebuild", "bisect", "bundles", "exported", "runs",
        "latest", "outbox", "locks", "DerivedData",
    ]
    /// The owners, and the report writers, each of which names its own file.
    static let owners: Set<String> = [
        "Sources/SmokeCore/Store/RunDirectory.swift", "Sources/SmokeCore/Store/OutputLayout.swift",
    ]

    static func violations(in source: String) -> [String] {
        var found: [String] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            // A report writer's own file name.
            if code.contains("let fileName = ") { continue }
            for name in fileNames where line.contains("\"\(name)\"") {
                found.append("\(number + 1): \"\(name)\"")
            }
            for name in folderNames
            where line.contains("PathComponent(\"\(name)\"") || line.contains("PathComponent(\"\(name)/")
                || line.contains("\"\(name)/\\(")
            {
                found.append("\(number + 1): path component \"\(name)\"")
            }
        }
        return found
    }

    @Test func runFolderNamesAreTypedOnlyByTheirOwners() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 200, "expected smokerun's sources under \(sources.path); found \(files.count)")
        for file in files where !Self.owners.contains("Sources/\(file)") {
            let source = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for violation in Self.violations(in: source) {
                Issue.record(
                    "Sources/\(file):\(violation) names a run-folder file; ask RunDirectory or OutputLayout for it")
            }
        }
    }

    @Test func theCheckFindsTypedNamesButNotCommentsOrProse() {
        #expect(Self.violations(in: #"let log = run.appendingPathComponent("console.log")"#).count == 1)
        #expect(Self.violations(in: #"let p = run.appendingPathComponent("profiles/%p.profraw")"#).count == 1)
        #expect(Self.violations(in: #"let s = run.appendingPathComponent("scratch")"#).count == 1)
        #expect(Self.violations(in: #"    // writes "console.log" beside the page"#).isEmpty)
        #expect(Self.violations(in: #"throw Failure("report.json is missing")"#).isEmpty)
        #expect(Self.violations(in: #"keys = ["attachments", "output"]"#).isEmpty)
    }
}
