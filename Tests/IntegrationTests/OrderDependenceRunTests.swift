import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// The OrderDependence fixture for real: a flaky test counted once with Surefire elements in junit.xml,
/// and `smokerun bisect` naming the test that poisons another, or saying a test fails alone.
@Suite(.serialized) struct OrderDependenceRunTests {
    static let package = Result { try IntegrationSupport.copyFixture("OrderDependence") }
    static let priming = "OrderDependenceTests.CachePrimingTests/testPrimesThePriceCache"
    static let reading = "OrderDependenceTests.CacheReadingTests/testStartsWithAColdCache"
    static let flaky = "OrderDependenceTests.FlakyTests/testPassesOnRetry"
    static let alwaysFailing = "OrderDependenceTests.AlwaysFailingTests/testTakesMoreThanThereIs"
    static let signIn = "OrderDependenceTests.SessionTests/testASignsIn"
    static let signedOut = "OrderDependenceTests.SessionTests/testBStartsSignedOut"

    func pipeline() throws -> URL {
        let package = try Self.package.get()
        let json = """
            {
              "name": "order",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)" },
              "ordering": { "mode": "declared", "isolation": "suite" },
              "retries": { "failed": 1 },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false },
              "output": ".smokerun-order"
            }
            """
        return try IntegrationSupport.writePipeline(json, named: "order", next: package)
    }

    /// One real run, shared by the tests below (they only read it).
    static let run: Result<(SmokeRun.Outcome, URL), any Error> = {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<(SmokeRun.Outcome, URL), any Error>!
        Task {
            do {
                let url = try OrderDependenceRunTests().pipeline()
                let (outcome, _, _) = try await IntegrationSupport.run(url)
                result = .success((outcome, url))
            } catch {
                result = .failure(error)
            }
            semaphore.signal()
        }
        semaphore.wait()
        return result
    }()

    @Test func theFlakyTestIsCountedOnceAndTheRetriesAreSurefireElements() throws {
        let (outcome, _) = try Self.run.get()
        let report = outcome.report
        #expect(report.totals.tests == 13)
        #expect(report.totals.passed == 10)
        #expect(report.totals.failed == 3)
        #expect(report.totals.flaky == 1)
        let flaky = try #require(report.tests.first { $0.id == Self.flaky })
        #expect(flaky.status == .passed && flaky.flaky)
        #expect(flaky.attempts.map(\.status) == [.failed, .passed])
        // The poisoned test fails on its retry too: the cache file is still in the run's scratch folder.
        #expect(report.tests.first { $0.id == Self.reading }?.status == .failed)

        let junit = try String(contentsOf: outcome.runDirectory.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 13)
        #expect(junit.components(separatedBy: "<flakyFailure").count - 1 == 1)
        #expect(junit.contains("first attempt fails on purpose"))
        #expect(junit.components(separatedBy: "<rerunFailure").count - 1 >= 2)
    }

    /// It passes alone, so its retry alone passes; run again after its class-mate, it fails again: failing, not flaky.
    @Test func aTestThatFailsAfterItsClassMateInItsProcessStaysFailedAndNamesTheBisect() throws {
        let (outcome, _) = try Self.run.get()
        let report = outcome.report
        let test = try #require(report.tests.first { $0.id == Self.signedOut })
        #expect(test.status == .failed && !test.flaky)
        #expect(test.attempts.map(\.status) == [.failed, .passed, .failed])
        #expect(test.orderDependence?.after == [Self.signIn])
        #expect(report.tests.first { $0.id == Self.signIn }?.attempts.isEmpty == true)
        // The class-mate's second run is counted by XCTest's totals, and by smokerun's reading of them.
        #expect(report.reconciliation?.agrees == true, "\(String(describing: report.reconciliation))")
        let summary = try String(contentsOf: outcome.runDirectory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("passes alone but fails after the 1 test that ran before it in its process"))
        #expect(summary.contains("`smokerun bisect \(report.runID) \(ShellWord.quoted(Self.signedOut))`"))
    }

    @Test func bisectNamesThePrimingTestAsTheCulprit() async throws {
        let (outcome, pipeline) = try Self.run.get()
        // No --pipeline: the run recorded Pipelines/order.json in its report.json.
        let (exit, out, err) = await bisect(
            outcome.runDirectory.path, "CacheReadingTests/testStartsWithAColdCache", pipeline: pipeline,
            passPipeline: false)
        #expect(exit == .passed, "\(err.text)")
        #expect(outcome.report.pipelineFile == "Pipelines/order.json")
        #expect(!err.text.contains("changed since"), "\(err.text)")
        #expect(out.text.contains("\(Self.reading) fails when run after \(Self.priming) (found in "), "\(out.text)")
        // 7 earlier tests: all, alone, ⌈log2 7⌉ halvings, a confirmation and the culprit alone.
        let runs = err.text.split(separator: "\n").filter { $0.hasPrefix("bisect: [") }
        #expect(runs.count <= 2 + 3 + 2, "\(err.text)")
        #expect(runs.count >= 3)
    }

    @Test func bisectSaysTheAlwaysFailingTestFailsAlone() async throws {
        let (outcome, pipeline) = try Self.run.get()
        let (exit, out, err) = await bisect(outcome.report.runID, Self.alwaysFailing, pipeline: pipeline)
        #expect(exit == .passed, "\(err.text)")
        #expect(out.text.contains("\(Self.alwaysFailing) fails alone"), "\(out.text)")
        #expect(out.text.contains("(2 runs)"))
    }

    @Test func bisectOfATestNotInTheRunIsAnInputError() async throws {
        let (outcome, pipeline) = try Self.run.get()
        let (exit, _, err) = await bisect(outcome.runDirectory.path, "NoSuchTests/testNothing", pipeline: pipeline)
        #expect(exit == .invalidInput)
        #expect(err.text.contains("no test 'NoSuchTests/testNothing'"))
    }

    func bisect(_ run: String, _ test: String, pipeline: URL, passPipeline: Bool = true) async -> (
        ExitCode, BufferOutput, BufferOutput
    ) {
        let out = BufferOutput()
        let err = BufferOutput()
        let root = pipeline.deletingLastPathComponent().deletingLastPathComponent()
        let context = HostContext(standardOutput: out, standardError: err, currentDirectory: root)
        let exit = await CommandLineTool.run(
            arguments: ["bisect", run, test] + (passPipeline ? ["--pipeline", pipeline.path] : []), context: context)
        return (exit, out, err)
    }
}
