import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// Ctrl-C during a real bisect (the `smokerun` binary): the running test process group is stopped,
/// no test process outlives smokerun, and the search says where it stopped.
@Suite struct BisectInterruptTests {
    static let hang = "LedgerTests.LedgerXCTests/testHangsForever"

    @Test func sigintDuringABisectStopsItsTestsAndSaysWhereItStopped() async throws {
        let package = try IntegrationSupport.copyFixture("Sampler")
        func pipeline(testSeconds: Int) -> String {
            """
            {"name": "hang", "swiftpm": {"packagePath": "Sampler", "filter": ["testBalanceIsWrong", "testHangsForever"]},
             "ordering": {"mode": "declared", "isolation": "suite"},
             "environment": {"IS_UNIT_TESTING": "1", "SAMPLER_MISBEHAVE": "1"},
             "timeouts": {"testSeconds": \(testSeconds)}, "coverage": {"enabled": false}}
            """
        }
        // The run: the hanging test is cut off after 5 s, the other fails.
        let url = try IntegrationSupport.writePipeline(pipeline(testSeconds: 5), named: "hang", next: package)
        let (outcome, _, runErr) = try await IntegrationSupport.run(url)
        let executed = outcome.report.tests.sorted { $0.order < $1.order }.map(\.id)
        try #require(executed.count == 2, "\(runErr.text)")
        // Bisect the later test: its first trial runs both, so it hangs (a test may now take 600 s).
        try Data(pipeline(testSeconds: 600).utf8).write(to: url)
        let target = executed[1]
        let root = package.deletingLastPathComponent()
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path,
            arguments: ["bisect", outcome.runDirectory.path, target],
            environment: ProcessInfo.processInfo.environment, currentDirectory: root)
        var output = Data()
        let started = Date()
        var signalledAt: Date?
        let termination = child.run(
            onOutput: { output.append(contentsOf: $0) },
            onTick: {
                if signalledAt == nil, Self.hangStarted(under: outcome.runDirectory) {
                    kill(child.pid, SIGINT)
                    signalledAt = Date()
                }
                return Date().timeIntervalSince(started) > 400 ? .kill : .keepRunning
            })
        let text = String(decoding: output, as: UTF8.self)
        let stoppedAfter = signalledAt.map { Date().timeIntervalSince($0) }
        #expect(signalledAt != nil, "the hanging test never started: \(text)")
        #expect(termination == .exited(ExitCode.infrastructure.rawValue), "\(text)")
        // Far below the hanging test's 600 s, with room for a loaded machine.
        #expect((stoppedAfter ?? 999) < 60)
        // The pipeline RUN recorded is used, with a warning that it changed since.
        #expect(
            text.contains("bisect: warning: Pipelines/hang.json changed since run \(outcome.report.runID)"), "\(text)")
        #expect(
            text.contains(
                "interrupted after 0 runs: 1 earlier test still under suspicion for \(target) (\(executed[0]))"),
            "\(text)")
        // No test process of this package survives smokerun.
        #expect(RunCommandProcessTests.processes(mentioning: package.path).isEmpty)
    }

    /// The hanging test has started in some bisect run's console log under `run/bisect/`.
    static func hangStarted(under run: URL) -> Bool {
        let bisect = run.appendingPathComponent("bisect")
        let attempts = (try? FileManager.default.contentsOfDirectory(atPath: bisect.path)) ?? []
        return attempts.contains { folder in
            let log = bisect.appendingPathComponent(folder).appendingPathComponent(RunDirectory.consoleLogName)
            return (try? String(contentsOf: log, encoding: .utf8))?.contains("testHangsForever' started") == true
        }
    }
}
