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

    /// XCTest splits its argument at commas, and every Quick example's name holds one (`describe, context, it`): such
    /// a batch runs its tests' classes, once each, and the runner keeps only the batch's results.
    @Test func anXCTestNameWithACommaRunsItsClass() {
        let batch = TestBatch(
            framework: .xctest,
            tests: [
                TestCase(id: "M.Spec/a Greeter, when named, says hello", framework: .xctest),
                TestCase(id: "M.Spec/a Greeter, has a name/with a slash", framework: .xctest),
                TestCase(id: "M.Other/testPlain", framework: .xctest),
            ])
        let launch = TestProcessLaunch.make(binary: binary, batch: batch, environment: [:], eventStream: nil)
        #expect(launch.arguments == ["M.Spec,M.Other"])
        #expect(launch.runsWholeClasses)
        #expect(TestCase.key("M.Spec/a Greeter, says yes.") == TestCase.key("M.Spec/a Greeter, says yes"))
    }

    @Test func swiftTestingBatchRunsSeriallyWithEscapedFiltersAndAnEventStream() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "M.S/f(x:)", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: [:], eventStream: URL(fileURLWithPath: "/run/events/1.jsonl"))
        #expect(
            launch.arguments == [
                "--testing-library", "swift-testing", "--no-parallel", "--filter", "^M\\.S\\/f\\(x:\\)",
                "--experimental-event-stream-output", "/run/events/1.jsonl", "--experimental-event-stream-version", "0",
            ])
    }

    /// Schema 0 drops warning issues before any handler sees them (swift-property-based's WarningTests, which count
    /// their own warnings, failed only under smokerun): a Swift 6.3 toolchain's tests are asked for schema 6.3, and,
    /// since a 6.3 record carries no attachment bytes, for the attachments in a folder beside the stream.
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
        let streamArguments = [
            "--experimental-event-stream-output", "/run/events/1.jsonl", "--experimental-event-stream-version",
            expected,
        ]
        if expected == "0" {
            #expect(Array(launch.arguments.suffix(4)) == streamArguments)
            #expect(launch.attachmentsFolder == nil)
        } else {
            let folder = "/run/events/attachments/1" + String(repeating: "/d", count: RunDirectory.attachmentNesting)
            #expect(Array(launch.arguments.suffix(6)) == streamArguments + ["--attachments-path", folder])
            #expect(launch.attachmentsFolder?.path == folder)
        }
    }

    /// Swift Testing joins an attachment's name to `--attachments-path` as it is: a name climbing out with `..` (from a
    /// fixture's relative path) must land in smokerun's folders, not in the package that holds the run folder.
    @Test func anAttachmentNameClimbingWithDotsStaysInTheRunFolder() throws {
        let run = URL(fileURLWithPath: "/pkg/.smokerun/runs/20261129T223344Z-21e6")
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "M.S/f()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: [:],
            eventStream: run.appendingPathComponent("events/process-1.jsonl"), eventStreamVersion: "6.3")
        let folder = try #require(launch.attachmentsFolder)
        for depth in [1, 6, 20] {
            let name = String(repeating: "../", count: depth) + "Sources/Lib/Generated.swift"
            let written = folder.appendingPathComponent(name).standardizedFileURL.path
            #expect(written.hasPrefix(run.path + "/events/attachments/process-1/"), "\(written)")
        }
    }

    @Test func withoutAnEventStreamNoAttachmentsFolderIsAskedFor() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "M.S/f()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(
            binary: binary, batch: batch, environment: [:], eventStream: nil, eventStreamVersion: "6.3")
        #expect(!launch.arguments.contains("--attachments-path"))
        #expect(!launch.arguments.contains("--experimental-event-stream-version"))
        #expect(launch.attachmentsFolder == nil)
    }

    @Test func aFreeFunctionIsFilteredByTheNameSwiftTestingListsItUnder() {
        let batch = TestBatch(framework: .swiftTesting, tests: [TestCase(id: "PsTests/a()", framework: .swiftTesting)])
        let launch = TestProcessLaunch.make(binary: binary, batch: batch, environment: [:], eventStream: nil)
        #expect(
            launch.arguments == [
                "--testing-library", "swift-testing", "--no-parallel", "--filter", "^PsTests\\.a\\(\\)",
            ])
    }
}
