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

    @Test func aFreeFunctionIsFilteredByTheNameSwiftTestingListsItUnder() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "PsTests/a()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(binary: binary, batch: batch, environment: [:], eventStream: nil)
        #expect(
            launch.arguments == [
                "--testing-library", "swift-testing", "--no-parallel", "--filter", "PsTests\\.a\\(\\)",
            ])
    }
}
