import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// Yields until `condition` holds; fails after a bounded number of tries instead of hanging. Bounded by tries, not
/// by the clock: on a busy machine the suite's other tests can hold the few threads both this loop and the awaited
/// task need, and a deadline would pass while neither ran. The pauses grow from 0.1 ms to 1 ms (at least 45 s of
/// pauses in all).
func waitUntil(_ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var pause: UInt64 = 100_000
    for _ in 0..<50_000 {
        if condition() { return }
        await Task.yield()
        if condition() { return }
        try await Task.sleep(nanoseconds: pause) // a real pause only while another task catches up
        pause = min(pause * 2, 1_000_000)
    }
    Issue.record("condition never became true", sourceLocation: sourceLocation)
    throw CancellationError()
}

/// Records scheduler events and lets a test wait for the next ones.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(event: SchedulerEvent, date: Date)] = []

    var sink: @Sendable (SchedulerEvent, Date) -> Void {
        { [self] event, date in
            lock.lock()
            recorded.append((event, date))
            lock.unlock()
        }
    }

    var events: [SchedulerEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded.map(\.event)
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded.map { $0.event.logLine(at: $0.date) }
    }

    /// Waits until at least `count` events satisfy `predicate`, and returns them.
    @discardableResult
    func wait(
        for count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation,
        _ predicate: @escaping @Sendable (SchedulerEvent) -> Bool
    ) async throws -> [SchedulerEvent] {
        try await waitUntil({ self.events.filter(predicate).count >= count }, sourceLocation: sourceLocation)
        return events.filter(predicate)
    }

    func count(_ predicate: (SchedulerEvent) -> Bool) -> Int { events.filter(predicate).count }
}

/// A pipeline runner a test finishes by hand; a cancelled run ends as `interrupted` unless told to hang.
final class FakeRunner: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String: CheckedContinuation<RunOutcome, Never>] = [:]
    private var startedNames: [String] = []
    private let finishAtOnce: Bool
    private let ignoresCancellation: Bool

    init(finishAtOnce: Bool = false, ignoresCancellation: Bool = false) {
        self.finishAtOnce = finishAtOnce
        self.ignoresCancellation = ignoresCancellation
    }

    var starts: [String] {
        lock.lock()
        defer { lock.unlock() }
        return startedNames
    }

    var run: PipelineRunning {
        { [self] pipeline, cancellation, _ in
            await withCheckedContinuation { continuation in
                lock.lock()
                startedNames.append(pipeline.name)
                pending[pipeline.name] = continuation
                lock.unlock()
                if finishAtOnce {
                    finish(
                        pipeline.name, RunOutcome(status: .passed, reportPath: "/out/runs/\(pipeline.name)/report.json")
                    )
                } else if !ignoresCancellation {
                    cancellation.onCancel { [self] in
                        finish(pipeline.name, RunOutcome(status: .interrupted, reportPath: "/out/runs/x/report.json"))
                    }
                }
            }
        }
    }

    func isRunning(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending[name] != nil
    }

    func finish(_ name: String, _ outcome: RunOutcome = RunOutcome(status: .passed)) {
        lock.lock()
        let continuation = pending.removeValue(forKey: name)
        lock.unlock()
        continuation?.resume(returning: outcome)
    }
}

/// A pipeline set a test can change between reloads.
final class PipelineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var set: PipelineSet

    init(_ set: PipelineSet) { self.set = set }

    var source: PipelineSource {
        { [self] in
            lock.lock()
            defer { lock.unlock() }
            return set
        }
    }

    func replace(with set: PipelineSet) {
        lock.lock()
        self.set = set
        lock.unlock()
    }
}

func testPipeline(_ name: String, schedule: String = "0 */4 * * *", timeZone: String = "UTC") -> Pipeline {
    var pipeline = Pipeline(name: name, driver: .swiftpm(SwiftPMSettings(packagePath: ".")))
    pipeline.schedule = schedule
    pipeline.timeZone = timeZone
    return pipeline
}

func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

/// A temporary folder removed when the test ends.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = TestScratch.root.appendingPathComponent("smokerun-schedule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
