import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// A small bundle whose attachment rows all name one zstd bomb: the per-file limit cut each copy, and nothing bounded
/// the run (eight rows, 2.1 GB). The payload is decompressed once, and the run keeps at most its total budget of
/// attachment bytes, saying so in the report.
@Suite(.timeLimit(.minutes(10))) struct AttachmentBudgetTests {
    /// Counts the `zstd` runs and runs them for real.
    final class CountingRunner: CommandRunning, @unchecked Sendable {
        private let lock = NSLock()
        private var zstdRuns = 0
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return zstdRuns
        }

        func run(_ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?)
            throws -> CommandResult
        {
            if executable == "zstd" {
                lock.lock()
                zstdRuns += 1
                lock.unlock()
            }
            return try ProcessCommandRunner().run(
                executable, arguments, environment: environment, currentDirectory: currentDirectory)
        }
    }

    @Test(.enabled(if: XCResultFixtures.zstdInstalled))
    func eightRowsOnOneBombStopAtTheRunsBudget() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bundle = folder.url.appendingPathComponent("Run.xcresult")
        let builder = try XCResultFixtures.standard(at: bundle)
        // 16 MiB of zeros compress to a few hundred bytes; seven more rows name the same payload.
        try builder.payload("0~png", Data(count: 16 << 20), form: .zstd)
        for copy in 1...7 {
            try builder.database.execute(
                """
                INSERT INTO Attachments (timestamp, lifetime, name, uniformTypeIdentifier, xcResultKitPayloadRefId, \
                activity_fk) SELECT timestamp + \(copy), lifetime, 'Bomb \(copy)', uniformTypeIdentifier, \
                xcResultKitPayloadRefId, activity_fk FROM Attachments WHERE name = 'Login screen'
                """)
        }
        let perFile = 4 << 20
        let total = 10 << 20
        let runner = CountingRunner()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: err,
            environment: [
                AttachmentSourcePolicy.byteLimitVariable: String(perFile),
                AttachmentBudget.totalVariable: String(total),
            ],
            currentDirectory: folder.url, runner: runner)

        let status = await CommandLineTool.run(
            arguments: ["parse", "Run.xcresult", "--output", "out"], context: context)

        #expect(status == .testsFailed, "\(err.text)")
        #expect(runner.count == 1, "zstd ran \(runner.count) times")
        let runs = folder.url.appendingPathComponent("out/runs")
        let run = runs.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: runs.path).first))
        let attachments = run.appendingPathComponent("attachments")
        var stored = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: attachments.path) {
            let size = try FileManager.default.attributesOfItem(atPath: attachments.appendingPathComponent(name).path)[
                .size]
            stored += (size as? Int) ?? 0
        }
        #expect(stored <= total, "stored \(stored) bytes")
        #expect(stored >= perFile, "stored \(stored) bytes")
        let report = try RunReportFile.load(at: run)
        #expect(
            report.errors.contains { $0.message.contains("reached their total budget of \(total) bytes") },
            "\(report.errors.map(\.message))")
    }

    @Test func theBudgetIsSpentAndSaysWhenItIsReached() {
        var budget = AttachmentBudget(total: 100)
        #expect(budget.allowance(perFile: 60) == 60)
        budget.spend(60)
        #expect(budget.allowance(perFile: 60) == 40)
        budget.spend(40, cutByBudget: true)
        #expect(budget.reached)
        #expect(budget.remaining == 0)
        #expect(budget.note.contains("attachments.maxTotalBytes"))
    }

    @Test(arguments: ["0", "-1", "lots"])
    func aBadTotalInTheEnvironmentIsBadInput(value: String) {
        #expect(throws: AttachmentLimitError.self) {
            try AttachmentBudget.total(environment: [AttachmentBudget.totalVariable: value])
        }
    }
}
