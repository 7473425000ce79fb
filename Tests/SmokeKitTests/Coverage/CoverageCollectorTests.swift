import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct CoverageCollectorTests {
    let ok = CommandResult(exitStatus: 0, standardOutput: Data())
    let tools = ToolchainTools(
        llvmProfdata: URL(fileURLWithPath: "/tc/llvm-profdata"), llvmCov: URL(fileURLWithPath: "/tc/llvm-cov"))

    @Test func mergesExportsAndWritesTheThreeOutputsForTheScopedFiles() throws {
        let run = try temporaryDirectory()
        let runner = FakeCommandRunner([
            "/tc/llvm-profdata": (ok, nil), "/tc/llvm-cov": (ok, CoverageFixtures.exportV3),
        ])
        let collector = CoverageCollector(
            tools: tools, runner: runner, exporter: runner, now: { Date(timeIntervalSince1970: 0) })
        let profiles = [
            URL(fileURLWithPath: "/r/profiles/1-a.profraw"), URL(fileURLWithPath: "/r/profiles/2-a.profraw"),
        ]
        let collection = try collector.collect(
            profiles: profiles,
            binaries: [
                URL(fileURLWithPath: "/pkg/.build/debug/PkgPackageTests.xctest"), URL(fileURLWithPath: "/pkg/other"),
            ],
            scope: CoverageScope(root: "/pkg", include: ["Sources/"]), runDirectory: run
        )
        #expect(
            collection.report.files.map(\.path) == ["Sources/App/Main \"quoted\" é.swift", "Sources/Core/Math.swift"])
        #expect(collection.summary.lines == CoverageCount(covered: 9, count: 11))
        #expect(collection.details["Sources/Core/Math.swift"]?.lines.count == 9)
        #expect(collection.artifacts == ["coverage.profdata", "coverage.json", "coverage.lcov", "cobertura.xml"])
        for name in ["coverage.json", "coverage.lcov", "cobertura.xml"] {
            #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent(name).path))
        }
        #expect(!FileManager.default.fileExists(atPath: run.appendingPathComponent(".coverage-export.json").path))
        let merge = runner.calls[0]
        #expect(
            merge == [
                "/tc/llvm-profdata", "merge", "-sparse", "--failure-mode=all", "/r/profiles/1-a.profraw",
                "/r/profiles/2-a.profraw", "-o",
                run.appendingPathComponent("coverage.profdata").path,
            ])
        let export = runner.calls[1]
        #expect(
            !export.contains("-skip-functions") && export.contains("-object=/pkg/other")
                && !export.contains("-summary-only"))
        #expect(
            export.contains(
                "-ignore-filename-regex=^(/pkg)/(([^/]*Tests/)|(.*/)?(\\.build|\\.swiftpm|DerivedData|SourcePackages)/)"
            ))
        #expect(collection.skippedProfiles.isEmpty)
    }

    /// A profile llvm-profdata cannot read (a helper process killed while writing it) is left out and named; the
    /// others still make the coverage.
    @Test func anUnreadableProfileIsLeftOutAndNamed() throws {
        let warned = CommandResult(
            exitStatus: 0, standardOutput: Data(),
            standardError: Data(
                "warning: /r/profiles/stray-default.profraw: invalid instrumentation profile data (file header is corrupt)\n"
                    .utf8))
        let runner = FakeCommandRunner([
            "/tc/llvm-profdata": (warned, nil), "/tc/llvm-cov": (ok, CoverageFixtures.exportV3),
        ])
        let collection = try CoverageCollector(tools: tools, runner: runner, exporter: runner).collect(
            profiles: [
                URL(fileURLWithPath: "/r/profiles/1-a.profraw"),
                URL(fileURLWithPath: "/r/profiles/stray-default.profraw"),
            ],
            binaries: [URL(fileURLWithPath: "/pkg/.build/debug/PkgPackageTests.xctest")],
            scope: CoverageScope(root: "/pkg", include: ["Sources/"]), runDirectory: try temporaryDirectory())
        #expect(
            collection.skippedProfiles == [
                "stray-default.profraw: invalid instrumentation profile data (file header is corrupt)"
            ])
        #expect(collection.summary.lines.count > 0)
    }

    @Test func anOlderLlvmCovRejectingTheProfileIsExplained() throws {
        let rejected = CommandResult(
            exitStatus: 1, standardOutput: Data(),
            standardError: Data("error: unsupported instrumentation profile format version".utf8))
        let runner = FakeCommandRunner(["/tc/llvm-profdata": (rejected, nil)])
        let collector = CoverageCollector(tools: tools, runner: runner, exporter: runner)
        let error = try #require(throws: CoverageError.self) {
            try collector.collect(
                profiles: [URL(fileURLWithPath: "/p.profraw")], binaries: [URL(fileURLWithPath: "/b")],
                scope: CoverageScope(root: "/pkg", include: []), runDirectory: try temporaryDirectory())
        }
        #expect(error.kind == .infrastructure)
        #expect(error.errorDescription?.contains("older than the toolchain") == true)
    }

    @Test func noProfilesIsAnInfrastructureError() throws {
        let collector = CoverageCollector(
            tools: tools, runner: FakeCommandRunner([:]), exporter: FakeCommandRunner([:]))
        let run = try temporaryDirectory()
        #expect(throws: CoverageError.noProfiles(directory: run.appendingPathComponent("profiles").path)) {
            try collector.collect(
                profiles: [], binaries: [URL(fileURLWithPath: "/b")], scope: CoverageScope(root: "/pkg", include: []),
                runDirectory: run)
        }
    }

    @Test(
        arguments: [
            ("/pkg/Sources/A/x.swift", "Sources/A/x.swift"), ("/pkg/Tests/ATests/x.swift", nil),
            ("/pkg/.build/debug/x.swift", nil),
            ("/pkg/.build/checkouts/dep/Sources/D/d.swift", nil), ("/other/Sources/B/y.swift", nil),
            ("/pkg/Scripts/z.swift", nil),
        ] as [(String, String?)])
    func scopeKeepsOnlyIncludedSources(filename: String, expected: String?) {
        #expect(CoverageScope(root: "/pkg/", include: ["Sources/"]).displayPath(for: filename) == expected)
    }

    /// Folders are judged by their place under the root: the user's `checkouts` folders are code; a test target's
    /// folder is tests wherever the package put it; `include` entries are whole folders; a root reached through a link
    /// is matched by its real path too.
    @Test(
        arguments: [
            ("/src/checkouts/lib/Sources/A/x.swift", "Sources/A/x.swift"),
            ("/src/checkouts/lib/Sources/Shop/checkouts/Checkout.swift", "Sources/Shop/checkouts/Checkout.swift"),
            ("/src/checkouts/lib/.build/checkouts/dep/Sources/D/d.swift", nil),
            ("/src/checkouts/lib/LibTests/x.swift", nil), ("/real/lib/Sources/A/x.swift", "Sources/A/x.swift"),
            ("/src/checkouts/lib/FlyingFox/Tests/x.swift", nil),
            ("/src/checkouts/lib/Sources/Shop/Tests/Helper.swift", "Sources/Shop/Tests/Helper.swift"),
            ("/src/checkouts/lib/.build-ci/checkouts/dep/Sources/D/d.swift", nil),
            ("/src/checkouts/lib/spm/checkouts/dep/Sources/D/d.swift", nil),
        ] as [(String, String?)])
    func scopeJudgesFoldersUnderTheRoot(filename: String, expected: String?) {
        let scope = CoverageScope(root: "/src/checkouts/lib", include: [], realRoot: "/real/lib")
        #expect(scope.displayPath(for: filename) == expected)
    }

    @Test func anIncludeEntryIsAWholeFolder() {
        let scope = CoverageScope(root: "/pkg", include: ["SwiftCSV"])
        #expect(scope.displayPath(for: "/pkg/SwiftCSV/CSV.swift") == "SwiftCSV/CSV.swift")
        #expect(scope.displayPath(for: "/pkg/SwiftCSVTests/CSVTests.swift") == nil)
        #expect(scope.displayPath(for: "/pkg/SwiftCSVExtras/Extra.swift") == nil)
        #expect(
            CoverageScope(root: "/pkg", include: ["Sources/App/main.swift"]).displayPath(
                for: "/pkg/Sources/App/main.swift") != nil)
    }

    @Test func aPackageInsideATestsFolderIsStillInScope() {
        let scope = CoverageScope(root: "/repo/Tests/Fixtures/Tip", include: ["Sources/"])
        #expect(scope.displayPath(for: "/repo/Tests/Fixtures/Tip/Sources/Tip/Tip.swift") == "Sources/Tip/Tip.swift")
        #expect(CoverageScope.module(of: "Sources/Tip/Sub/Tip.swift") == "Tip")
        #expect(CoverageScope.module(of: "Lib/x.swift") == "Lib")
        #expect(CoverageScope.module(of: "main.swift") == "(root)")
    }

    /// A target whose manifest path is a `Sources` folder of its own (`path: "FlyingFox/Sources"`) is one module with
    /// its subfolders; a local package's `Sources/<Target>/` folders stay their targets.
    @Test func aTargetsOwnSourcesFolderIsOneModule() {
        let modules = CoverageScope.modules(of: [
            "FlyingFox/Sources/HTTPServer.swift", "FlyingFox/Sources/Handlers/FileHTTPHandler.swift",
            "FlyingFox/Sources/WebSocket/Frame.swift", "FlyingSocks/Sources/Socket.swift",
            "Packages/Kit/Sources/KitCore/Core.swift", "Packages/Kit/Sources/KitUI/View.swift",
            "Sources/Shop/Cart.swift", "Sources/Shop/Model/Item.swift",
        ])
        #expect(
            modules == [
                "FlyingFox/Sources/HTTPServer.swift": "FlyingFox",
                "FlyingFox/Sources/Handlers/FileHTTPHandler.swift": "FlyingFox",
                "FlyingFox/Sources/WebSocket/Frame.swift": "FlyingFox",
                "FlyingSocks/Sources/Socket.swift": "FlyingSocks",
                "Packages/Kit/Sources/KitCore/Core.swift": "KitCore", "Packages/Kit/Sources/KitUI/View.swift": "KitUI",
                "Sources/Shop/Cart.swift": "Shop", "Sources/Shop/Model/Item.swift": "Shop",
            ])
    }

    @Test func jsonHasTheDesignedShape() throws {
        let data = try CoverageCollector.json(CoverageFixtures.report)
        assertCoverageSnapshot(String(decoding: data, as: UTF8.self), named: "coverage.json")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["totals", "modules", "files"])
        let totals = try #require(object["totals"] as? [String: [String: Any]])
        #expect(Set(totals.keys) == ["lines", "functions", "regions", "branches"])
        #expect(Set(totals["lines"]!.keys) == ["covered", "count", "percent"])
        #expect(try JSONCoding.decoder().decode(CoverageReport.self, from: data) == CoverageFixtures.report)
    }
}
