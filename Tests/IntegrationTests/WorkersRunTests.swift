import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

/// `ordering.workers` for real: two workers give the same statuses as one, each test once with its worker and
/// position; a crash in one worker leaves the other alone; `bisect` replays the sequence of one worker.
@Suite(.serialized) struct WorkersRunTests {
    static let package = Result { try IntegrationSupport.copyFixture("OrderDependence") }
    static let priming = "OrderDependenceTests.CachePrimingTests/testPrimesThePriceCache"
    static let reading = "OrderDependenceTests.CacheReadingTests/testStartsWithAColdCache"

    /// Addition (3 tests) weighs most and goes to worker 1 alone; priming, reading and the flaky test share worker 2,
    /// in that (declared) order, so the poisoned test fails in both runs.
    static func pipeline(workers: Int) throws -> URL {
        let package = try package.get()
        let json = """
            {
              "name": "workers\(workers)",
              "swiftpm": { "packagePath": "\(package.lastPathComponent)", "filter": ["Addition|CachePriming|CacheReading|Flaky"] },
              "ordering": { "mode": "declared", "isolation": "suite", "workers": \(workers) },
              "retries": { "failed": 1 },
              "timeouts": { "runSeconds": 600, "testSeconds": 60 },
              "coverage": { "enabled": false },
              "output": ".smokerun-workers"
            }
            """
        return try IntegrationSupport.writePipeline(json, named: "workers\(workers)", next: package)
    }

    typealias Runs = (serial: SmokeRun.Outcome, parallel: SmokeRun.Outcome, pipeline: URL)

    /// The two real runs, made once and shared by the tests below (they only read them). Awaited, never waited
    /// for with a semaphore: blocking one of the two cooperative threads while another suite does the same
    /// would leave the runs' own tasks no thread to run on.
    actor SharedRuns {
        private var made: Result<Runs, any Error>?

        func get() async throws -> Runs {
            if let made { return try made.get() }
            let made: Result<Runs, any Error>
            do {
                let (serial, _, _) = try await IntegrationSupport.run(try WorkersRunTests.pipeline(workers: 1))
                let url = try WorkersRunTests.pipeline(workers: 2)
                let (parallel, _, _) = try await IntegrationSupport.run(url)
                made = .success((serial, parallel, url))
            } catch {
                made = .failure(error)
            }
            self.made = made
            return try made.get()
        }
    }

    static let runs = SharedRuns()

    @Test func twoWorkersGiveTheSameStatusesAsOneEachTestOnceWithItsWorkerAndPosition() async throws {
        let (serial, parallel, _) = try await Self.runs.get()
        let statuses = { (report: RunReport) in
            Dictionary(uniqueKeysWithValues: report.tests.map { ($0.id, "\($0.status) \($0.flaky)") })
        }
        #expect(parallel.report.tests.count == 6)
        #expect(Set(parallel.report.tests.map(\.id)).count == 6)
        #expect(statuses(parallel.report) == statuses(serial.report))
        #expect(parallel.report.tests.first { $0.id == Self.reading }?.status == .failed)
        #expect(serial.report.tests.allSatisfy { $0.worker == nil && $0.position == nil })

        let placed = parallel.report.tests.map { ($0.id, $0.worker, $0.position) }
        #expect(Set(placed.compactMap(\.1)) == [1, 2])
        let second = parallel.report.tests.filter { $0.worker == 2 }.sorted { ($0.position ?? 0) < ($1.position ?? 0) }
        #expect(second.map(\.id) == [Self.priming, Self.reading, "OrderDependenceTests.FlakyTests/testPassesOnRetry"])
        #expect(second.map(\.position) == [1, 2, 3])
        #expect(parallel.report.tests.filter { $0.worker == 1 }.map(\.position) == [1, 2, 3])

        // Each process's output is one section of console.log, opened by the worker's note.
        let console = try String(
            contentsOf: parallel.runDirectory.appendingPathComponent("console.log"), encoding: .utf8)
        #expect(console.contains("[smokerun] worker 1, process 1\n"))
        #expect(console.contains("[smokerun] worker 2, process 1\n"))
        let sections = console.components(separatedBy: "[smokerun] worker ").dropFirst()
        for section in sections {
            let worker = section.prefix(1)
            #expect(!section.contains("'OrderDependenceTests.AdditionTests") || worker == "1", "\(section)")
            #expect(!section.contains("'OrderDependenceTests.CacheReadingTests") || worker == "2", "\(section)")
        }
        let scratch = parallel.runDirectory.appendingPathComponent("scratch")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("worker-2").path))
    }

    @Test func bisectOfAParallelRunNamesThePolluterThatRanEarlierInTheSameWorker() async throws {
        let (_, parallel, pipeline) = try await Self.runs.get()
        let out = BufferOutput()
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: err,
            currentDirectory: pipeline.deletingLastPathComponent().deletingLastPathComponent())
        let exit = await CommandLineTool.run(
            arguments: [
                "bisect", parallel.runDirectory.path, "CacheReadingTests/testStartsWithAColdCache", "--pipeline",
                pipeline.path,
            ],
            context: context)
        #expect(exit == .passed, "\(err.text)")
        #expect(out.text.contains("\(Self.reading) fails when run after \(Self.priming) (found in "), "\(out.text)")
    }
}
