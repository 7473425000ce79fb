import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// A Swift Testing suite whose scoping trait throws records one issue and runs none of its tests, and `swift test`
/// exits 1. From a real `swift test`: each of its tests fails with the suite's issue (not a crash), the other suite's
/// test passes, and the run fails (exit 1).
@Suite(.timeLimit(.minutes(10))) struct SuiteIssueRunTests {
    private func writePackage(in root: URL) throws -> URL {
        let package = root.appendingPathComponent("Vault")
        let files = [
            "Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Vault",
                targets: [.target(name: "Vault"), .testTarget(name: "VaultTests", dependencies: ["Vault"])])

            """,
            "Sources/Vault/Vault.swift": "public func opens() -> Bool { true }\n",
            "Tests/VaultTests/VaultTests.swift": """
            import Testing

            @testable import Vault

            struct LockedDoor: Error {}

            struct NeedsKey: SuiteTrait, TestScoping {
                func provideScope(
                    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
                ) async throws {
                    if test.isSuite { throw LockedDoor() }
                    try await function()
                }
            }

            @Suite(NeedsKey()) struct Locked {
                @Test func opensFront() { #expect(opens()) }
                @Test func opensBack() { #expect(opens()) }
            }

            @Test func opensWindow() { #expect(opens()) }

            """,
        ]
        return try IntegrationSupport.writePackage(files, at: package)
    }

    @Test func eachTestOfASuiteWhoseTraitThrewFailsWithItsIssue() async throws {
        let root = TestScratch.root.appendingPathComponent(
            "smokerun-suite-issue-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = try writePackage(in: root)
        _ = try IntegrationSupport.writePipeline(
            #"{"name": "vault", "swiftpm": {"packagePath": "Vault"}, "coverage": {"enabled": false}, "retries": {"failed": 0}}"#,
            named: "vault", next: package)
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err, environment: ProcessInfo.processInfo.environment,
            currentDirectory: root)
        let code = await CommandLineTool.run(arguments: ["run", "Pipelines/vault.json"], context: context)
        #expect(code == .testsFailed, "\(err.text)")

        let report = try RunReportFile.load(at: root.appendingPathComponent(".smokerun/latest"))
        let statuses = Dictionary(uniqueKeysWithValues: report.tests.map { ($0.name, $0.status) })
        #expect(
            statuses == ["opensFront()": .failed, "opensBack()": .failed, "opensWindow()": .passed],
            "\(report.tests.map(\.id)) \(err.text)")
        for test in report.tests where test.status == .failed {
            #expect(test.failures.first?.message.contains("LockedDoor") == true, "\(test.failures)")
            #expect(test.evidence?.what.contains("suite VaultTests.Locked recorded an issue") == true)
        }
        #expect(!err.text.contains("crashed"), "\(err.text)")
        // Swift Testing counted the suite's issue and not its tests: the counts agree.
        #expect(!err.text.contains("counts disagree"), "\(err.text)")
        #expect(report.reconciliation?.differences.isEmpty == true)
    }
}
