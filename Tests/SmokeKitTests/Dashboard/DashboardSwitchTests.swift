import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

/// The site is switched whole: a kill at any moment of a rewrite leaves the old site or the new one, never pages
/// linking to pages not yet written (a killed dashboard once left 10,064 dead links). A kill is a moment: the site is
/// checked at every write the rewrite makes, and just before the switch.
@Suite struct DashboardSwitchTests {
    /// A site of `count` pages in a chain (each links the next and the index), whose names carry `version`.
    static func site(version: Int, count: Int) -> [DashboardSite.File] {
        var files = [
            DashboardSite.File(
                path: "index.html",
                contents: (0..<count).map { "<a href=\"p/v\(version)-\($0).html\">\($0)</a>" }.joined())
        ]
        for index in 0..<count {
            let next = index + 1 < count ? "<a href=\"v\(version)-\(index + 1).html\">next</a>" : ""
            files.append(
                .init(path: "p/v\(version)-\(index).html", contents: "<a href=\"../index.html#top\">up</a>\(next)"))
        }
        return files
    }

    /// Links inside the site (not to the web, not leading out of the site) that name no file.
    static func deadLinks(in site: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil) else { return [] }
        var dead: [String] = []
        for case let page as URL in walker where page.pathExtension == "html" {
            let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
            for part in text.components(separatedBy: "href=\"").dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                let link = String(part[..<end]).components(separatedBy: "#")[0]
                if link.isEmpty || link.contains(":") { continue }
                let target = page.deletingLastPathComponent().appendingPathComponent(link).standardizedFileURL
                guard target.path.hasPrefix(site.standardizedFileURL.path + "/") else { continue }
                if !FileManager.default.fileExists(atPath: target.path) {
                    dead.append("\(page.lastPathComponent) → \(link)")
                }
            }
        }
        return dead
    }

    @Test func aKillAtAnyMomentOfARewriteLeavesNoDeadLink() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site")
        try DashboardWriter(siteDirectory: site).write(Self.site(version: 1, count: 40))
        #expect(Self.deadLinks(in: site).isEmpty)

        let seen = DeadLinkLog()
        var writer = DashboardWriter(siteDirectory: site)
        writer.fileWriter = FileWriter { descriptor, bytes, path in
            let written = FileWriter.system.write(descriptor, bytes, path)
            seen.record(Self.deadLinks(in: site))
            return written
        }
        writer.beforeSwitch = { seen.record(Self.deadLinks(in: site)) }
        try writer.write(Self.site(version: 2, count: 40))

        #expect(seen.checks >= 41)
        #expect(seen.dead.isEmpty, "\(seen.dead.prefix(5))")
        #expect(Self.deadLinks(in: site).isEmpty)
        #expect(try folder.files(in: "site/p").allSatisfy { $0.hasPrefix("v2-") })
        #expect(try folder.files() == ["site"])
    }

    /// A write that fails (a full disk) leaves the old site whole and nothing beside it.
    @Test func aFailedRewriteLeavesTheOldSite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site")
        try DashboardWriter(siteDirectory: site).write(Self.site(version: 1, count: 5))
        var writer = DashboardWriter(siteDirectory: site)
        writer.fileWriter = FileWriter { _, _, _ in
            errno = ENOSPC
            return -1
        }
        #expect(throws: StoreError.self) { try writer.write(Self.site(version: 2, count: 5)) }
        #expect(try folder.files(in: "site/p").allSatisfy { $0.hasPrefix("v1-") })
        #expect(Self.deadLinks(in: site).isEmpty)
        #expect(try folder.files() == ["site"])
    }

    /// The copy a killed dashboard left beside the site goes once it is an hour old; a fresh one (another dashboard
    /// writing now) and a folder without the marker stay.
    @Test func aStagingFolderAKilledWriterLeftGoesOnceItIsAnHourOld() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let site = folder.url.appendingPathComponent("site")
        let old = folder.url.appendingPathComponent(DashboardWriter.stagingName(for: "site"))
        let fresh = folder.url.appendingPathComponent(DashboardWriter.stagingName(for: "site"))
        let foreign = folder.url.appendingPathComponent(DashboardWriter.stagingName(for: "site"))
        for made in [old, fresh, foreign] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        for made in [old, fresh] { try Data().write(to: made.appendingPathComponent(DashboardWriter.markerName)) }
        for made in [old, foreign] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: made.path)
        }
        try DashboardWriter(siteDirectory: site).write(Self.site(version: 1, count: 2))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(FileManager.default.fileExists(atPath: foreign.path))
    }

    /// What a user adds beside the pages it wrote (GitHub Pages' `CNAME` and `.nojekyll`) stays through a rewrite;
    /// an old page the new site no longer has does not.
    @Test func aRewriteKeepsTheUsersFilesAndDropsOldPages() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = folder.url.appendingPathComponent("site")
        try DashboardWriter(siteDirectory: root).write(Self.site(version: 1, count: 3))
        try Data("dash.example.com\n".utf8).write(to: root.appendingPathComponent("CNAME"))
        try Data().write(to: root.appendingPathComponent(".nojekyll"))
        try DashboardWriter(siteDirectory: root).write(Self.site(version: 2, count: 2))
        #expect(try String(contentsOf: root.appendingPathComponent("CNAME"), encoding: .utf8) == "dash.example.com\n")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".nojekyll").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("p/v1-0.html").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("p/v2-1.html").path))
    }
}

/// What the checks saw, from the writer's threads.
private final class DeadLinkLog: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []
    private var count = 0

    func record(_ dead: [String]) {
        lock.lock()
        defer { lock.unlock() }
        found += dead
        count += 1
    }

    var dead: [String] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }

    var checks: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
