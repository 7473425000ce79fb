import Foundation
import SmokeCoreTestSupport
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `smokerun notify --flush` waiting out a receiver's `Retry-After` stops at SIGTERM, as a run does: the message
/// stays in the outbox for the next flush, and the exit status says it was not delivered.
/// Its bounds allow for a loaded machine (it passes alone in a second; it hit a 3-minute limit at a load of 8): the
/// limit is the suites' 10 minutes and the stop is measured against the 50 s wait it must cut short.
@Suite(.timeLimit(.minutes(10))) struct NotifyFlushSignalTests {
    @Test func sigtermEndsTheWaitAndKeepsTheMessageQueued() throws {
        let output = TestScratch.root.appendingPathComponent("flush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let runID = "20261122T040000Z-0000"
        try Outbox(outputDirectory: output).put(
            OutboxItem(
                id: OutboxItem.id(runID: runID, kind: .failure), createdAt: Date(), pipeline: "smoke", runID: runID,
                kind: .failure, format: .json, webhookURLEnvironment: "SMOKERUN_WEBHOOK_URL",
                summary: "failure notification of smoke run \(runID)", attempts: 1, lastError: "HTTP 503",
                body: #"{"run":"queued"}"#))
        // Busy for 50 s, within the 60 s delivery budget: without the signal the flush would wait it out.
        let receiver = try NotifyWebhookReceiver(replies: [.init(status: 429, headers: ["Retry-After": "50"])])
        defer { receiver.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["SMOKERUN_WEBHOOK_URL"] = receiver.url(token: "flushTERM").absoluteString
        let child = try ChildProcess(
            executable: IntegrationSupport.smokerunBinary.path,
            arguments: ["notify", "--flush", "--output", output.path], environment: environment,
            currentDirectory: output)
        var said = Data()
        let started = Date()
        var signalledAt: Date?
        let termination = child.run(
            onOutput: { said.append(contentsOf: $0) },
            onTick: {
                if signalledAt == nil, !receiver.requests.isEmpty {
                    // Give the flush a moment to begin its wait, then stop it.
                    Thread.sleep(forTimeInterval: 0.5)
                    kill(child.pid, SIGTERM)
                    signalledAt = Date()
                }
                return Date().timeIntervalSince(started) > 120 ? .kill : .keepRunning
            })
        let text = String(decoding: said, as: UTF8.self)
        let stoppedAfter = try #require(signalledAt.map { Date().timeIntervalSince($0) }, "never posted: \(text)")
        // Well under the 50 s Retry-After it would otherwise wait out, whatever else the machine is doing.
        #expect(stoppedAfter < 40, "took \(stoppedAfter) s after SIGTERM: \(text)")
        #expect(termination == .exited(3), "\(text)")
        #expect(receiver.requests.count == 1)
        #expect(Outbox(outputDirectory: output).items().items.count == 1, "\(text)")
    }
}
