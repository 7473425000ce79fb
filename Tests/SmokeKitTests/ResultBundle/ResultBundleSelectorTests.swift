import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct ResultBundleSelectorTests {
    /// A reader that returns fixed contents.
    @Test(arguments: [
        (true, true, ResultBundleSelector.Choice.database), (true, false, .database), (false, true, .xcresulttool),
    ])
    func theDatabaseWinsAndXCResultToolReadsOlderBundles(
        hasDatabase: Bool, hasTool: Bool, expected: ResultBundleSelector.Choice
    ) {
        #expect(ResultBundleSelector.choose(hasDatabase: hasDatabase, hasXCResultTool: hasTool) == expected)
    }

    @Test func anOlderBundleWithoutXcodeIsTheExit2Message() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Old.xcresult")
        try XCResultFixtures.older(at: bundle)
        let error = try #require(throws: ResultBundleError.self) {
            try ResultBundleSelector(xcresulttool: nil).reader(for: bundle)
        }
        #expect(error == .needsXCResultTool(path: bundle.path))
        #expect(error.kind == .invalidInput)
        #expect(
            error.errorDescription?.contains("this bundle has no database.sqlite3") == true)
    }

    @Test func anOlderBundleWithXcodeGoesToXCResultTool() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Old.xcresult")
        try XCResultFixtures.older(at: bundle)
        var canned = ResultBundleContents()
        canned.tests = [TestResult(id: "M.C/t", name: "t", suite: "C", framework: .xctest, status: .passed)]
        let reader = try ResultBundleSelector(xcresulttool: CannedReader(contents: canned)).reader(for: bundle)
        #expect(try reader.read(bundle: bundle, scratchDirectory: folder.url) == canned)
    }

    @Test func aFolderWithADatabaseButNoInfoPlistIsNoBundleForEitherReading() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Copy.xcresult")
        try XCResultFixtures.standard(at: bundle)
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Info.plist"))
        let selector = ResultBundleSelector(xcresulttool: CannedReader(contents: ResultBundleContents()))
        #expect(throws: ResultBundleError.notABundle(path: bundle.path)) { try selector.reader(for: bundle) }
        #expect(throws: ResultBundleError.notABundle(path: bundle.path)) {
            try selector.crossCheck(bundle: bundle, scratchDirectory: folder.url.appendingPathComponent("scratch"))
        }
    }

    @Test func aFolderThatIsNoBundleSaysSo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let error = try #require(throws: ResultBundleError.self) {
            try ResultBundleSelector(xcresulttool: nil).reader(for: folder.url)
        }
        #expect(error == .notABundle(path: folder.url.path))
    }

    /// `smokerun parse .smokerun/latest`: a run folder smokerun wrote is named as one, with what to parse instead.
    @Test func aRunFolderIsNamedAsOneNotABrokenBundle() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for name in [RunDirectory.reportName, RunDirectory.consoleLogName] {
            try Data("{}".utf8).write(to: folder.url.appendingPathComponent(name))
        }
        let error = try #require(throws: ResultBundleError.self) {
            try ResultBundleSelector(xcresulttool: nil).reader(for: folder.url)
        }
        #expect(error == .runFolder(path: folder.url.path))
        #expect(error.localizedDescription.contains("parse its console.log"))
    }

    @Test func crossCheckWithoutXcodeNeedsXcode() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let error = try #require(throws: ResultBundleError.self) {
            try ResultBundleSelector(xcresulttool: nil).crossCheck(bundle: folder.url, scratchDirectory: folder.url)
        }
        #expect(error == .crossCheckNeedsXcode)
        #expect(error.kind == .invalidInput)
    }
}
