import Foundation

@testable import SmokeCore
@testable import SmokeKit

/// Writes small Xcode 16-shaped result bundles (`Info.plist`, `database.sqlite3` with the real
/// tables' columns, `Data/data.<id>` payloads) for the reader's tests. Nothing from real bundles
/// is copied: the rows are made up, the table shapes are those Xcode 16 writes.
struct XCResultFixtureBuilder {
    let database: XCResultDatabaseConnection
    let bundle: URL

    /// The tables the reader maps, with the columns Xcode 16.2 gives them.
    static let schema = """
        CREATE TABLE Platforms (identifier TEXT, userDescription TEXT);
        CREATE TABLE SDKs (identifier TEXT, operatingSystemVersion TEXT, isInternal INTEGER, name TEXT);
        CREATE TABLE Devices (isConcreteDevice INTEGER, platform_fk INTEGER REFERENCES Platforms, modelName TEXT, operatingSystemVersion TEXT, nativeArchitecture TEXT, identifier TEXT, operatingSystemVersionWithBuildNumber TEXT, name TEXT, modelCode TEXT);
        CREATE TABLE RunDestinations (name TEXT, sdk_fk INTEGER REFERENCES SDKs, architecture TEXT, device_fk INTEGER REFERENCES Devices);
        CREATE TABLE DeveloperTools (xcodeVersion TEXT, xcodeBuildVersion TEXT);
        CREATE TABLE Invocations (scheme TEXT, workspacePath TEXT, uniqueIdentifier TEXT, timestamp REAL);
        CREATE TABLE TestPlans (name TEXT);
        CREATE TABLE TestPlanConfigurations (testPlan_fk INTEGER NOT NULL REFERENCES TestPlans, region TEXT, name TEXT, language TEXT);
        CREATE TABLE Actions (host_fk INTEGER REFERENCES Devices, testPlan_fk INTEGER NOT NULL REFERENCES TestPlans, orderInInvocation INTEGER, finished REAL, diagnosticsRef TEXT, developerTools_fk INTEGER REFERENCES DeveloperTools, invocation_fk INTEGER NOT NULL REFERENCES Invocations, started REAL, runDestination_fk INTEGER REFERENCES RunDestinations, name TEXT);
        CREATE TABLE TestPlanRuns (testPlan_fk INTEGER NOT NULL REFERENCES TestPlans, action_fk INTEGER NOT NULL REFERENCES Actions, orderInAction INTEGER, configuration_fk INTEGER NOT NULL REFERENCES TestPlanConfigurations);
        CREATE TABLE Testables (testPlan_fk INTEGER NOT NULL REFERENCES TestPlans, orderInTestPlan INTEGER, testKind TEXT, identifierURL TEXT, externalTestReference TEXT, name TEXT, projectRelativePath TEXT);
        CREATE TABLE TestableRuns (diagnosticsDirectoryName TEXT, testable_fk INTEGER NOT NULL REFERENCES Testables, testPlanRun_fk INTEGER NOT NULL REFERENCES TestPlanRuns, orderInTestPlanRun INTEGER);
        CREATE TABLE TestSuites (identifier TEXT, testable_fk INTEGER REFERENCES Testables, summary TEXT, orderInParent INTEGER, name TEXT, parentSuite_fk INTEGER REFERENCES TestSuites, identifierURL TEXT);
        CREATE TABLE TestCases (summary TEXT, identifier TEXT, orderInTestSuite INTEGER, name TEXT, testSuite_fk INTEGER NOT NULL REFERENCES TestSuites, identifierURL TEXT);
        CREATE TABLE TestSuiteRuns (duration REAL, testableRun_fk INTEGER REFERENCES TestableRuns, testSuite_fk INTEGER NOT NULL REFERENCES TestSuites, parentSuiteRun_fk INTEGER REFERENCES TestSuiteRuns, orderInParent INTEGER);
        CREATE TABLE RepetitionPolicies (repetition INTEGER, repetitionModeString TEXT, totalRepetitions INTEGER);
        CREATE TABLE SkipNotices (fileName TEXT, lineNumber INTEGER, message TEXT, timestamp REAL);
        CREATE TABLE UserInfos (identifier INTEGER);
        CREATE TABLE TestCaseRuns (result TEXT, duration REAL, testSuiteRun_fk INTEGER NOT NULL REFERENCES TestSuiteRuns, orderInTestSuiteRun INTEGER, dynamicTestParameters_fk INTEGER REFERENCES UserInfos, testCase_fk INTEGER NOT NULL REFERENCES TestCases, skipNotice_fk INTEGER REFERENCES SkipNotices, repetitionPolicy_fk INTEGER REFERENCES RepetitionPolicies);
        CREATE TABLE SourceCodeLocations (filePath TEXT, lineNumber INTEGER);
        CREATE TABLE SourceCodeContexts (location_fk INTEGER REFERENCES SourceCodeLocations);
        CREATE TABLE TestIssues (compactDescription TEXT, orderInOwner INTEGER, testCaseRun_fk INTEGER REFERENCES TestCaseRuns, timestamp REAL, expression_fk INTEGER, isTopLevelFailure INTEGER, associatedError_fk INTEGER, sourceCodeContext_fk INTEGER REFERENCES SourceCodeContexts, testSuiteRun_fk INTEGER REFERENCES TestSuiteRuns, uuid TEXT, sanitizedDescription TEXT, detailedDescription TEXT, issueType TEXT);
        CREATE TABLE ExpectedFailures (isTopLevelFailure INTEGER, orderInOwner INTEGER, failureReason TEXT, issue_fk INTEGER REFERENCES TestIssues, uuid TEXT, testCaseRun_fk INTEGER REFERENCES TestCaseRuns, testSuiteRun_fk INTEGER REFERENCES TestSuiteRuns);
        CREATE TABLE Parameters (label TEXT, typeName TEXT, testCase_fk INTEGER NOT NULL REFERENCES TestCases, orderInTestCase INTEGER, name TEXT);
        CREATE TABLE TestValues (children TEXT, typeName TEXT, debugDescription TEXT, fullyQualifiedTypeName TEXT, isCollection INTEGER, description TEXT, orderInParent INTEGER, label TEXT);
        CREATE TABLE Arguments (parameter_fk INTEGER REFERENCES Parameters, identifier TEXT, testCaseRun_fk INTEGER NOT NULL REFERENCES TestCaseRuns, orderInTestCaseRun INTEGER, testValue_fk INTEGER NOT NULL REFERENCES TestValues);
        CREATE TABLE Activities (orderInParent INTEGER, failureIDs TEXT, activityType TEXT, expectedFailureIDs TEXT, title TEXT, uuid TEXT, startTime REAL, finishTime REAL, parent_fk INTEGER REFERENCES Activities, testCaseRun_fk INTEGER REFERENCES TestCaseRuns);
        CREATE TABLE TestCaseResultsByDestinationAndConfiguration (configuration_fk INTEGER REFERENCES TestPlanConfigurations, result TEXT, destination_fk INTEGER REFERENCES RunDestinations, testCase_fk INTEGER NOT NULL REFERENCES TestCases);
        CREATE TABLE Attachments (timestamp REAL, lifetime TEXT, name TEXT, uniformTypeIdentifier TEXT, testIssue_fk INTEGER REFERENCES TestIssues, uuid TEXT, xcResultKitPayloadRefId TEXT, inActivityIdentifier INTEGER, filenameOverride TEXT, activity_fk INTEGER REFERENCES Activities, userInfo_fk INTEGER REFERENCES UserInfos);
        """

    /// An empty bundle: `Info.plist`, the schema, `Data/`.
    init(at bundle: URL, schema: String = Self.schema) throws {
        self.bundle = bundle
        try FileManager.default.createDirectory(
            at: bundle.appendingPathComponent("Data"), withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n".utf8)
            .write(to: bundle.appendingPathComponent("Info.plist"))
        database = try XCResultDatabaseConnection(creatingAt: bundle.appendingPathComponent("database.sqlite3"))
        // A throwaway file: no fsync per insert.
        try database.execute("PRAGMA synchronous = OFF")
        try database.execute("PRAGMA journal_mode = MEMORY")
        for statement in schema.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        where !statement.isEmpty {
            try database.execute(statement)
        }
    }

    /// Inserts one row and returns its rowid. `nil` values are written as NULL.
    @discardableResult
    func insert(_ table: String, _ values: KeyValuePairs<String, Any?>) throws -> Int {
        let columns = values.map { XCResultDatabaseConnection.quoted($0.key) }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        let bindings: [XCResultDatabaseValue] = values.map { _, value in
            switch value {
            case let value as Int: .integer(Int64(value))
            case let value as Double: .real(value)
            case let value as String: .text(value)
            case let value as Data: .blob(value)
            default: .null
            }
        }
        try database.execute(
            "INSERT INTO \(XCResultDatabaseConnection.quoted(table)) (\(columns)) VALUES (\(placeholders))",
            bindings: bindings)
        return Int(database.lastInsertedRowID)
    }

    /// How a payload is stored in `Data/`.
    enum PayloadForm {
        /// The bytes as they are.
        case plain
        /// Compressed by the real `zstd` program, as Xcode stores payloads (tests using it need zstd).
        case zstd
        /// The zstd magic number and then the bytes: looks compressed to the reader, for tests whose
        /// fake runner answers in zstd's place.
        case zstdLookalike
    }

    /// Writes `Data/data.<id>` in the given form.
    func payload(_ id: String, _ content: Data, form: PayloadForm) throws {
        let destination = bundle.appendingPathComponent("Data/data.\(id)")
        switch form {
        case .plain:
            try content.write(to: destination)
        case .zstdLookalike:
            try (Data(XCResultDatabasePayloads.zstdMagic) + content).write(to: destination)
        case .zstd:
            let plain = bundle.appendingPathComponent("Data/plain-\(UUID().uuidString)")
            try content.write(to: plain)
            defer { try? FileManager.default.removeItem(at: plain) }
            let result = try ProcessCommandRunner().run("zstd", ["-q", "-f", "-o", destination.path, "--", plain.path])
            guard result.exitStatus == 0 else {
                throw CommandError(executable: "zstd", arguments: [plain.path], result: result)
            }
        }
    }
}
