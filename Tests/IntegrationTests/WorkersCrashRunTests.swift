import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// A crash in one worker of a parallel run: its batch's rest runs again in that worker, the other worker goes on.
@Suite struct WorkersCrashRunTests {
    @Test func aCrashInOneWorkerDoesNotStopTheOther() async throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        let json = """
            {
              "name": "crashworkers",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)",
                           "filter": ["LedgerXCTests/test(BalanceSumsEntries|ReadsPastTheEnd|RunsAfterTheCrash)$",
                                      "LedgerMoreXCTests/testEmptyLedgerHasNoEntries$"] },
              "ordering": { "mode": "declared", "isolation": "suite", "workers": 2 },
              "environment": { "IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1" },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false },
              "output": ".smokerun-crash-workers"
            }
            """
        let (outcome, _, err) = try await IntegrationSupport.run(
            try IntegrationSupport.writePipeline(json, named: "crashworkers", next: package))
        let tests = outcome.report.tests
        #expect(tests.count == 4, "\(tests.map(\.id)) \(err.text)")
        let crashed = try #require(tests.first { $0.id.hasSuffix("/testReadsPastTheEnd") })
        #expect(crashed.status == .crashed)
        #expect(
            tests.filter { $0.id != crashed.id }.allSatisfy { $0.status == .passed },
            "\(tests.map { ($0.id, $0.status) })")
        let other = try #require(tests.first { $0.id.hasSuffix("LedgerMoreXCTests/testEmptyLedgerHasNoEntries") })
        #expect(other.worker != nil && other.worker != crashed.worker)
        // After the crash, the rest of its batch ran in a new process of the same worker.
        let after = try #require(tests.first { $0.id.hasSuffix("/testRunsAfterTheCrash") })
        #expect(after.worker == crashed.worker && (after.position ?? 0) > (crashed.position ?? 0))
    }
}
