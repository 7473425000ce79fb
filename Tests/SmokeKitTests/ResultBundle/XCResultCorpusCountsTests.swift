import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Xcode's own counts in the real bundles of `../shared/corpus/xcresult/bundles` (read in place:
/// unpacked into a temporary folder, never copied into the project) are what smokerun reports, and
/// agree with smokerun's totals. Missing corpus: skipped locally, a failure under `CI=true`.
@Suite struct XCResultCorpusCountsTests {
    /// `../shared/corpus` from the package root, found from this file's place in the tree.
    static let bundles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/xcresult/bundles").standardizedFileURL

    /// Archive name → Xcode's (tests, failures), or nil for a bundle whose schema has no summary table.
    static let expected: [(String, (tests: Int, failures: Int)?)] = [
        ("fastlane__Xcode16-Mixed-XCTest-SwiftTesting.xcresult", (48, 13)),
        ("xcresultparser__Test-FlakyFixture.xcresult", (2, 0)),
        ("xcresultparser__parametrized.xcresult", (44, 0)),
        ("xcresultparser__session_level_failure.xcresult", (3, 1)),
        ("xcresultparser__test.xcresult", (7, 1)),
        ("xcresultparser__test_merged.xcresult", (7, 1)),
        ("xcresultparser__test_repeated.xcresult", (1, 1)),
        // An Xcode 12-era database without TestCaseResultsByDestinationAndConfiguration: no count to claim.
        ("XCResultKit__testHEIC.xcresult", nil),
    ]

    @Test(arguments: expected.map(\.0))
    func theBundlesOwnCountIsReadAndAgreesWithTheTests(archive: String) throws {
        let file = Self.bundles.appendingPathComponent(archive + ".tar.gz")
        guard FileManager.default.fileExists(atPath: file.path) else {
            #expect(
                ProcessInfo.processInfo.environment["CI"] != "true", "corpus bundle \(file.path) is missing under CI")
            return
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let untar = try ProcessCommandRunner().run("tar", ["-xzf", file.path, "-C", folder.url.path])
        try #require(untar.exitStatus == 0)
        let bundle = try #require(
            FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.pathExtension == "xcresult" })
        let contents = try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url)
        let expected = try #require(Self.expected.first { $0.0 == archive }).1
        guard let expected else {
            #expect(contents.summaryCounts.isEmpty)
            return
        }
        let count = try #require(contents.summaryCounts.first)
        #expect(contents.summaryCounts.count == 1)
        #expect(count.framework == "xcresult")
        #expect(
            count.from == "\(bundle.lastPathComponent): database.sqlite3 TestCaseResultsByDestinationAndConfiguration")
        #expect((count.tests, count.failures) == expected)
        let totals = Totals(contents.tests)
        #expect(totals.tests == count.tests)
        #expect(totals.failed + totals.crashed + totals.timedOut == count.failures)
        // The recorded run's times, not the time of reading.
        let started = try #require(contents.startedAt)
        #expect(started < Date(timeIntervalSinceNow: -86_400))
        #expect(contents.finishedAt.map { $0 >= started } == true)
    }
}
