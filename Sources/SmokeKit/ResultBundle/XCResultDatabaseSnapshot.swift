import Foundation
import SmokeCore

/// The database rows smokerun maps, each with its `rowid`. Only columns that exist are selected, so one Xcode
/// drops reads as nil; only `required` columns are checked.
struct XCResultDatabaseSnapshot: Sendable, Equatable {
    var tables: [String: [XCResultDatabaseRow]]

    init(tables: [String: [XCResultDatabaseRow]] = [:]) {
        self.tables = tables
    }

    func rows(_ table: String) -> [XCResultDatabaseRow] { tables[table] ?? [] }

    static let wanted: [String: [String]] = [
        "Testables": ["name", "orderInTestPlan", "testKind"],
        "TestSuites": ["name", "identifier", "identifierURL", "parentSuite_fk", "testable_fk", "orderInParent"],
        "TestCases": ["name", "identifier", "identifierURL", "summary", "testSuite_fk", "orderInTestSuite"],
        "TestPlanRuns": ["orderInAction", "action_fk", "configuration_fk"],
        "TestPlanConfigurations": ["name"],
        "TestableRuns": ["testPlanRun_fk", "testable_fk", "orderInTestPlanRun"],
        "TestSuiteRuns": ["testSuite_fk", "parentSuiteRun_fk", "testableRun_fk", "orderInParent", "duration"],
        "TestCaseRuns": [
            "testCase_fk", "testSuiteRun_fk", "result", "duration", "orderInTestSuiteRun", "skipNotice_fk",
            "repetitionPolicy_fk",
        ],
        "RepetitionPolicies": ["repetition", "totalRepetitions", "repetitionModeString"],
        "TestIssues": [
            "testCaseRun_fk", "testSuiteRun_fk", "compactDescription", "sanitizedDescription", "detailedDescription",
            "issueType", "sourceCodeContext_fk", "orderInOwner", "timestamp",
        ],
        "SourceCodeContexts": ["location_fk"],
        "SourceCodeLocations": ["filePath", "lineNumber"],
        "ExpectedFailures": ["testCaseRun_fk", "failureReason", "issue_fk", "orderInOwner"],
        "SkipNotices": ["message", "fileName", "lineNumber"],
        "Arguments": ["testCaseRun_fk", "testValue_fk", "parameter_fk", "orderInTestCaseRun"],
        "TestValues": ["description", "debugDescription"],
        "Parameters": ["name", "label", "testCase_fk", "orderInTestCase"],
        "Activities": [
            "parent_fk", "testCaseRun_fk", "title", "activityType", "orderInParent", "startTime", "failureIDs",
        ],
        "Attachments": [
            "name", "filenameOverride", "uniformTypeIdentifier", "lifetime", "timestamp", "xcResultKitPayloadRefId",
            "activity_fk", "testIssue_fk",
        ],
        "Actions": ["runDestination_fk", "developerTools_fk", "orderInInvocation", "started", "finished"],
        "Invocations": ["timestamp"],
        "TestCaseResultsByDestinationAndConfiguration": [
            "testCase_fk", "result", "configuration_fk", "destination_fk",
        ],
        "RunDestinations": ["name", "architecture", "device_fk", "sdk_fk"],
        "Devices": [
            "name", "modelName", "identifier", "operatingSystemVersion", "operatingSystemVersionWithBuildNumber",
            "platform_fk", "nativeArchitecture",
        ],
        "Platforms": ["userDescription", "identifier"],
        "SDKs": ["name", "operatingSystemVersion"],
        "DeveloperTools": ["xcodeVersion", "xcodeBuildVersion"],
    ]

    /// Without these there are no tests to report; anything else missing only loses detail.
    static let required: [(table: String, column: String)] = [
        ("TestSuites", "name"), ("TestCases", "name"), ("TestCases", "testSuite_fk"),
        ("TestCaseRuns", "testCase_fk"), ("TestCaseRuns", "result"),
    ]

    /// Reads every wanted table. Throws `unknownSchema` naming each missing required table or column.
    static func load(from database: XCResultDatabaseConnection) throws(XCResultDatabaseError)
        -> XCResultDatabaseSnapshot
    {
        let schema = try database.schema()
        let missing = required.filter { schema[$0.table]?.contains($0.column) != true }.map {
            "\($0.table).\($0.column)"
        }
        guard missing.isEmpty else { throw .unknownSchema(path: database.path, missing: missing) }
        var snapshot = XCResultDatabaseSnapshot()
        for (table, columns) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let present = schema[table] else { continue }
            let selected = columns.filter(present.contains).map(XCResultDatabaseConnection.quoted)
            let list = (["rowid AS \"rowid\""] + selected).joined(separator: ", ")
            snapshot.tables[table] = try database.query(
                "SELECT \(list) FROM \(XCResultDatabaseConnection.quoted(table))", table: table)
        }
        return snapshot
    }
}
