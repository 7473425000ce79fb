import Foundation
import Testing

@testable import SmokeCore

@Suite struct TestProcessLaunchTests {
    let binary = URL(fileURLWithPath: "/pkg/.build/debug/PkgPackageTests.xctest")

    @Test func xctestBatchPassesCommaSeparatedIDs() {
        let batch = TestBatch(
            framework: .xctest,
            tests: [TestCase(id: "M.A/a", framework: .xctest), TestCase(id: "M.A/b", framework: .xctest)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: ["IS_UNIT_TESTING": "1"], eventStream: nil)
        #expect(launch.arguments == ["M.A/a,M.A/b"])
        #expect(launch.environment["IS_UNIT_TESTING"] == "1")
    }

    @Test func swiftTestingBatchRunsSeriallyWithEscapedFiltersAndAnEventStream() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "M.S/f(x:)", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: [:], eventStream: URL(fileURLWithPath: "/run/events/1.jsonl"))
        #expect(
            launch.arguments == [
                "--testing-library", "swift-testing", "--no-parallel", "--filter", "M\\.S\\/f\\(x:\\)",
                "--experimental-event-stream-output", "/run/events/1.jsonl", "--experimental-event-stream-version", "0",
            ])
    }

    /// Schema 0 drops warning issues before any handler sees them (swift-property-based's WarningTests, which count
    /// their own warnings, failed only under smokerun): a Swift 6.3 toolchain's tests are asked for schema 6.3.
    @Test(
        arguments: [
            ("6.3.1", "6.3"), ("6.3", "6.3"), ("6.4-dev", "6.3"), ("7.0", "6.3"), ("6.2.3", "0"), ("6.0", "0"),
            ("5.10", "0"),
            (nil, "0"),
        ] as [(String?, String)])
    func theEventStreamSchemaFollowsTheToolchain(_ swiftVersion: String?, _ expected: String) {
        #expect(TestProcessLaunch.eventStreamVersion(swiftVersion: swiftVersion) == expected)
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "M.S/f()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: [:], eventStream: URL(fileURLWithPath: "/run/events/1.jsonl"),
            eventStreamVersion: TestProcessLaunch.eventStreamVersion(swiftVersion: swiftVersion))
        #expect(Array(launch.arguments.suffix(2)) == ["--experimental-event-stream-version", expected])
    }

    @Test func aFreeFunctionIsFilteredByTheNameSwiftTestingListsItUnder() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "PsTests/a()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(binary: binary, batch: batch, environment: [:], eventStream: nil)
        #expect(
            launch.arguments == [
                "--testing-library", "swift-testing", "--no-parallel", "--filter", "PsTests\\.a\\(\\)",
            ])
    }
}
