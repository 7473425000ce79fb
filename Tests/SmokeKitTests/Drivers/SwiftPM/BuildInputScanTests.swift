import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct BuildInputScanTests {
    func tree(_ files: [String]) throws -> URL {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-scan-\(UUID().uuidString.prefix(8))")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        return root
    }

    @Test func listsFilesAndFoldersButNotHiddenOrExcludedOnes() throws {
        let root = try tree([
            "Package.swift", "Sources/A/A.swift", ".build/x.o", ".git/HEAD", "out/report.json", ".swift-version",
        ])
        let inputs = try #require(BuildInputScan().scan(roots: [root], excluding: [root.appendingPathComponent("out")]))
        #expect(
            Set(inputs.map(\.path)) == [
                ".", "Package.swift", "Sources", "Sources/A", "Sources/A/A.swift", ".swift-version",
            ])
        #expect(inputs.first { $0.path == "Sources/A" }?.isDirectory == true)
    }

    @Test func localDependencyRootsAreNumbered() throws {
        let root = try tree(["Package.swift"])
        let dependency = try tree(["Sources/D/D.swift"])
        let inputs = try #require(BuildInputScan().scan(roots: [root, dependency], excluding: []))
        #expect(inputs.map(\.path).contains("#1/Sources/D/D.swift"))
    }

    @Test func aTreeOverTheLimitOrAMissingRootIsNotFingerprinted() throws {
        let root = try tree((1...5).map { "Sources/A/F\($0).swift" })
        #expect(BuildInputScan(limit: 4).scan(roots: [root], excluding: []) == nil)
        #expect(BuildInputScan().scan(roots: [root.appendingPathComponent("missing")], excluding: []) == nil)
    }
}
