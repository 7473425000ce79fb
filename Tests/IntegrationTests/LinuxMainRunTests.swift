import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// An older package whose `Tests/LinuxMain.swift` calls `XCTMain` (the Abacus fixture): its test binary answers
/// Swift Testing's listing with XCTest's. smokerun runs what `swift test` runs on the same build, once, as XCTest.
@Suite struct LinuxMainRunTests {
    @Test func anXCTMainPackageRunsWhatSwiftTestRunsEachTestOnceAsXCTest() async throws {
        let package = try IntegrationSupport.copyFixture("Abacus")
        // A LinuxMain that shuffles each class's tests itself, as the issue's package did: the seed cannot replay it.
        let linuxMain = package.appendingPathComponent("Tests/LinuxMain.swift")
        try String(contentsOf: linuxMain, encoding: .utf8)
            .replacingOccurrences(
                of: "XCTMain(tests)", with: "XCTMain(tests.map { ($0.testCaseClass, $0.allTests.shuffled()) })"
            )
            .write(to: linuxMain, atomically: true, encoding: .utf8)
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {
              "name": "abacus",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "ordering": { "isolation": "suite" },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false }
            }
            """, named: "abacus", next: package)
        let (outcome, _, err) = try await IntegrationSupport.run(pipeline, seed: 11)
        let report = outcome.report

        // `swift test` on the build smokerun just made: its own count, its own verdict.
        let swift = try SwiftToolchain.locate(environment: ProcessInfo.processInfo.environment)
        let swiftTest = try ProcessCommandRunner().run(
            swift.path,
            [
                "test", "--skip-build", "--scratch-path",
                package.appendingPathComponent(".build/smokerun-no-coverage").path,
            ],
            environment: nil, currentDirectory: package)
        #expect(swiftTest.exitStatus == 0, "\(swiftTest.errorText)\(swiftTest.outputText)")
        let executed = try #require(
            swiftTest.outputText.split(separator: "\n").last { $0.contains("Executed ") && $0.contains(" failures") })
        #expect(executed.contains("Executed 5 tests, with 0 failures"), "\(executed)")

        #expect(outcome.failure == nil, "\(err.text)")
        #expect(report.status == .passed)
        #expect(report.errors.isEmpty)
        #expect(report.totals.tests == 5 && report.totals.passed == 5 && report.totals.crashed == 0)
        #expect(report.tests.allSatisfy { $0.framework == .xctest })
        #expect(
            Set(report.tests.map(\.id)) == [
                "AbacusTests.SumTests/testEmptySumIsZero", "AbacusTests.SumTests/testSumAddsEveryValue",
                "AbacusTests.SumTests/testSumOfNegatives", "AbacusTests.RoundingTests/testRoundsToTwoPlaces",
                "AbacusTests.RoundingTests/testRoundsToWholeNumbers",
            ])
        #expect(report.reconciliation?.agrees == true)
        let console = try String(
            contentsOf: outcome.runDirectory.appendingPathComponent("console.log"), encoding: .utf8)
        #expect(console.contains("its entry point, Tests/LinuxMain.swift (XCTMain), ignores --testing-library"))

        // The order is the binary's: said once, recorded, and no replay promised anywhere.
        #expect(report.ordering.orderControlled == false)
        let json = try String(
            contentsOf: outcome.runDirectory.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(json.contains(#""orderControlled" : false"#) || json.contains(#""orderControlled":false"#), "\(json)")
        let said = err.text.components(
            separatedBy: "the test binary's entry point, Tests/LinuxMain.swift (XCTMain), decides the order")
        #expect(said.count == 2, "\(err.text)")
        #expect(err.text.contains("smokerun: seed 11\n"), "\(err.text)")
        #expect(!err.text.contains("replay:"), "\(err.text)")
        let summary = try String(
            contentsOf: outcome.runDirectory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(!summary.contains("replay with") && summary.contains("not that order"), "\(summary)")
    }

    /// A Tests/LinuxMain.swift that runs another test runner (as Spectre's packages do) refuses `--list-tests`: the
    /// run is an error that names the file and what to do, never a pass of no tests.
    @Test func aPackageWhoseMainIsAnotherRunnerIsAnErrorThatNamesLinuxMain() async throws {
        let package = try IntegrationSupport.copyFixture("Abacus")
        try """
        import Foundation

        for argument in CommandLine.arguments.dropFirst() {
            FileHandle.standardError.write(Data("Unexpected option: \\(argument)\\n".utf8))
            exit(4)
        }
        print("5 passes")
        """.write(to: package.appendingPathComponent("Tests/LinuxMain.swift"), atomically: true, encoding: .utf8)
        let pipeline = try IntegrationSupport.writePipeline(
            """
            {
              "name": "abacus-runner",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false }
            }
            """, named: "abacus-runner", next: package)
        let (outcome, _, err) = try await IntegrationSupport.run(pipeline, seed: 11)

        #expect(outcome.report.status == .error)
        #expect(outcome.report.totals.tests == 0)
        let message = outcome.report.errors.map { ([$0.message] + $0.details).joined(separator: "\n") }
            .joined(separator: "\n")
        #expect(message.contains("Unexpected option: --list-tests"), "\(message)")
        #expect(message.contains("main is the package's Tests/LinuxMain.swift, not XCTest's"), "\(message)")
        #expect(err.text.contains("run this package with swift test instead"), "\(err.text)")
    }
}
