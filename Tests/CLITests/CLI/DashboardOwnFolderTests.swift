import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `dashboard --output DIR` replaces the whole site folder, so the folder must be smokerun's: missing, empty, or
/// holding the site marker. A folder of someone's pages is refused with exit 2 and left exactly as it was (it once
/// overwrote `docs/index.html` and `docs/tests.html` and deleted `.x.tmp-<hex>`, exit 0).
@Suite struct DashboardOwnFolderTests {
    private static func run(_ arguments: [String], in folder: TemporaryDirectory) async -> (ExitCode, String) {
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: [:], currentDirectory: folder.url)
        let code = await CommandLineTool.run(arguments: ["dashboard"] + arguments, context: context)
        return (code, err.text)
    }

    private static func outputFolder(in folder: TemporaryDirectory) throws {
        let store = RunStore(outputDirectory: folder.url.appendingPathComponent("out"))
        let run = try store.createRunDirectory(runID: ReportFixture.report.runID)
        _ = try store.finish(
            ReportFixture.report, in: RunDirectory(run), formats: ReportRegistry.standard.formats, consoleLog: nil,
            environment: [:])
    }

    @Test func aFolderOfSomeonesPagesIsRefusedAndLeftAsItWas() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.outputFolder(in: folder)
        let docs = folder.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-7200)
        for name in ["index.html", "tests.html", ".x.tmp-0123abcd"] {
            let file = docs.appendingPathComponent(name)
            try Data("mine: \(name)".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        }

        let (code, err) = await Self.run(["--from", "out", "--output", "docs"], in: folder)

        #expect(code == .invalidInput)
        #expect(err.contains("holds files smokerun did not write"), "\(err)")
        #expect(try folder.files(in: "docs") == [".x.tmp-0123abcd", "index.html", "tests.html"])
        for name in ["index.html", "tests.html", ".x.tmp-0123abcd"] {
            #expect(try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8) == "mine: \(name)")
        }
        // Nothing beside it either.
        #expect(try folder.files() == ["docs", "out"])
    }

    @Test func anEmptyFolderBecomesASiteAndTheSiteIsRewrittenNextTime() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.outputFolder(in: folder)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("public"), withIntermediateDirectories: true)
        let (first, firstErr) = await Self.run(["--from", "out", "--output", "public"], in: folder)
        #expect(first == .passed, "\(firstErr)")
        #expect(try folder.files(in: "public").contains(DashboardWriter.markerName))
        let (second, secondErr) = await Self.run(["--from", "out", "--output", "public"], in: folder)
        #expect(second == .passed, "\(secondErr)")
        // No staging folder is left beside the site.
        #expect(try folder.files() == ["out", "public"])
    }

    @Test(arguments: ["link", "file"])
    func aSiteThatIsNotAFolderIsRefused(kind: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Self.outputFolder(in: folder)
        let site = folder.url.appendingPathComponent("site")
        if kind == "link" {
            let elsewhere = folder.url.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: site, withDestinationURL: elsewhere)
        } else {
            try Data("notes".utf8).write(to: site)
        }
        let (code, err) = await Self.run(["--from", "out", "--output", "site"], in: folder)
        #expect(code == .invalidInput, "\(err)")
        if kind == "link" { #expect(try folder.files(in: "elsewhere").isEmpty) }
    }
}
