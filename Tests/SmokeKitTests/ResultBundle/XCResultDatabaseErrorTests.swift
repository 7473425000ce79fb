import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct XCResultDatabaseErrorTests {
    private func read(_ bundle: URL, in folder: TemporaryDirectory) throws -> ResultBundleContents {
        try XCResultDatabaseReader().read(bundle: bundle, scratchDirectory: folder.url)
    }

    @Test func aFileThatIsNotADatabaseIsAClearExit2() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Garbage.xcresult")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: bundle.appendingPathComponent("database.sqlite3"))
        let error = try #require(throws: XCResultDatabaseError.self) { try read(bundle, in: folder) }
        #expect(error.kind == .invalidInput)
        let message = try #require(error.errorDescription)
        #expect(
            message.contains(
                "Garbage.xcresult/database.sqlite3: cannot be read as a result-bundle database (file is not a database)"
            ))
        #expect(message.contains("copy the whole .xcresult folder again"))
    }

    @Test func aTruncatedDatabaseIsAClearExit2NotACrash() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Cut.xcresult")
        try XCResultFixtures.standard(at: bundle)
        let file = bundle.appendingPathComponent("database.sqlite3")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 3).write(to: file)
        let error = try #require(throws: XCResultDatabaseError.self) { try read(bundle, in: folder) }
        #expect(error.kind == .invalidInput)
        #expect(error.errorDescription?.contains("Cut.xcresult/database.sqlite3") == true)
    }

    @Test func anEmptyDatabaseFileNamesTheMissingTablesAndColumns() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Empty.xcresult")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data().write(to: bundle.appendingPathComponent("database.sqlite3"))
        let error = try #require(throws: XCResultDatabaseError.self) { try read(bundle, in: folder) }
        #expect(
            error
                == .unknownSchema(
                    path: bundle.appendingPathComponent("database.sqlite3").path,
                    missing: [
                        "TestSuites.name", "TestCases.name", "TestCases.testSuite_fk", "TestCaseRuns.testCase_fk",
                        "TestCaseRuns.result",
                    ]))
    }

    @Test func aSchemaWithoutTheResultColumnIsAnUnknownSchemaNamingIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Renamed.xcresult")
        let schema = XCResultFixtureBuilder.schema.replacingOccurrences(
            of: "CREATE TABLE TestCaseRuns (result TEXT,", with: "CREATE TABLE TestCaseRuns (outcome TEXT,")
        _ = try XCResultFixtureBuilder(at: bundle, schema: schema)
        let error = try #require(throws: XCResultDatabaseError.self) { try read(bundle, in: folder) }
        let message = try #require(error.errorDescription)
        #expect(message.contains("unknown result-bundle database schema, missing TestCaseRuns.result"))
        #expect(message.contains("xcresulttool"))
    }

    @Test func optionalColumnsMayBeAbsent() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Lean.xcresult")
        let lean = """
            CREATE TABLE TestSuites (name TEXT);
            CREATE TABLE TestCases (name TEXT, testSuite_fk INTEGER);
            CREATE TABLE TestCaseRuns (result TEXT, testCase_fk INTEGER)
            """
        let builder = try XCResultFixtureBuilder(at: bundle, schema: lean)
        let suite = try builder.insert("TestSuites", ["name": "PlainTests"])
        let test = try builder.insert("TestCases", ["name": "testOne()", "testSuite_fk": suite])
        try builder.insert("TestCaseRuns", ["result": "Failure", "testCase_fk": test])
        let contents = try read(bundle, in: folder)
        #expect(contents.tests.map(\.id) == ["PlainTests/testOne"])
        #expect(contents.tests.map(\.status) == [.failed])
        #expect(contents.device == nil)
    }

    @Test func aBundleWithoutTestsSaysTheBuildFailed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Broken.xcresult")
        let schema = XCResultFixtureBuilder.schema + ";\nCREATE TABLE BuildIssues (issueType TEXT, message TEXT)"
        let builder = try XCResultFixtureBuilder(at: bundle, schema: schema)
        try builder.insert(
            "BuildIssues", ["issueType": "Swift Compiler Error", "message": "Cannot find 'total' in scope"])
        try builder.insert("BuildIssues", ["issueType": "Warning", "message": "unused variable"])
        let error = try #require(throws: ResultBundleError.self) { try read(bundle, in: folder) }
        #expect(error == .noTests(path: bundle.path, buildErrors: ["Cannot find 'total' in scope"]))
        #expect(error.kind == .invalidInput)
    }
}
