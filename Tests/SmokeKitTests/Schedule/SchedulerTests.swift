import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The service loop over a test clock: nothing here waits for real time to pass.
///
/// The limit catches a hang. It is generous because a test also waits here for one of the machine's two cooperative
/// threads while the synchronous integration tests hold them: a CI run kept in-process tests waiting 70-110 s.
@Suite(.timeLimit(.minutes(10))) struct SchedulerTests {
    struct Harness {
        let clock: TestClock
        let log = EventLog()
        let runner: FakeRunner
        let box: PipelineBox
        let control: AsyncStream<SchedulerControl>
        let controller: AsyncStream<SchedulerControl>.Continuation
        let scheduler: Scheduler

        init(
            start: String, pipelines: PipelineSet, runner: FakeRunner = FakeRunner(),
            lastRun: @escaping LastRunLookup = { _ in nil }, lockDirectory: URL? = nil, grace: TimeInterval = 10
        ) {
            clock = TestClock(now: date(start))
            self.runner = runner
            box = PipelineBox(pipelines)
            (control, controller) = AsyncStream<SchedulerControl>.makeStream()
            scheduler = Scheduler(
                loadPipelines: box.source, runPipeline: runner.run, lastRun: lastRun,
                lockFile: { pipeline in
                    lockDirectory.map { RunLock.fileURL(outputDirectory: $0, pipeline: pipeline.key) }
                },
                clock: clock, log: log.sink, shutdownGrace: grace)
        }

        func start() -> Task<Void, Never> {
            let scheduler = scheduler
            let control = control
            return Task { await scheduler.run(control: control) }
        }
    }

    static func isStarted(_ name: String) -> @Sendable (SchedulerEvent) -> Bool {
        { if case .started(name, _, _) = $0 { true } else { false } }
    }

    static func isFinished(_ name: String) -> @Sendable (SchedulerEvent) -> Bool {
        { if case .finished(name, _) = $0 { true } else { false } }
    }

    static func isScheduled(_ name: String, _ at: String) -> @Sendable (SchedulerEvent) -> Bool {
        { if case .scheduled(name, date(at), _) = $0 { true } else { false } }
    }

    @Test func runsAtEachFireTimeAndLogsStartAndFinish() async throws {
        let harness = Harness(
            start: "2026-01-01T01:30:00Z", pipelines: PipelineSet(pipelines: [testPipeline("smoke")]),
            runner: FakeRunner(finishAtOnce: true))
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T04:00:00Z"))
        #expect(harness.runner.starts.isEmpty)
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait(Self.isFinished("smoke"))
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T08:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T08:00:00Z"))
        try await harness.log.wait(for: 2, Self.isFinished("smoke"))
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts == ["smoke", "smoke"])
        let lines = harness.log.lines
        #expect(
            lines.contains(
                "2026-01-01T04:00:00Z smokerun schedule: smoke: started (scheduled for 2026-01-01T04:00:00Z)"))
        #expect(
            lines.contains(
                "2026-01-01T04:00:00Z smokerun schedule: smoke: finished, status passed, report /out/runs/smoke/report.json"
            ))
        #expect(
            lines.contains(
                "2026-01-01T04:00:00Z smokerun schedule: smoke: next run at 2026-01-01T08:00:00+00:00 (2026-01-01T08:00:00Z)"
            ))
        #expect(lines.last == "2026-01-01T08:00:00Z smokerun schedule: stopped")
    }

    @Test func idleServiceWaitsOnOneSleepAndNoneWithoutPipelines() async throws {
        let harness = Harness(
            start: "2026-01-01T00:30:00Z",
            pipelines: PipelineSet(pipelines: [testPipeline("a"), testPipeline("b", schedule: "15 * * * *")]))
        let service = harness.start()
        try await harness.log.wait(for: 2) { if case .scheduled = $0 { true } else { false } }
        try await waitUntil { harness.clock.sleeperCount == 1 }
        harness.box.replace(with: PipelineSet(pipelines: []))
        harness.controller.yield(.reload)
        try await harness.log.wait { if case .reloaded(0) = $0 { true } else { false } }
        try await waitUntil { harness.clock.sleeperCount == 0 }
        harness.controller.yield(.stop)
        await service.value
    }

    @Test func aTickDuringALongRunIsSkippedAndLogged() async throws {
        let harness = Harness(
            start: "2026-01-01T00:30:00Z",
            pipelines: PipelineSet(pipelines: [testPipeline("slow", schedule: "0 * * * *")]))
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("slow", "2026-01-01T01:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T01:00:00Z"))
        try await harness.log.wait(Self.isStarted("slow"))
        try await harness.log.wait(Self.isScheduled("slow", "2026-01-01T02:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T02:00:00Z"))
        let skipped = try await harness.log.wait { if case .skipped("slow", _, _) = $0 { true } else { false } }
        #expect(
            skipped == [
                .skipped(
                    pipeline: "slow", scheduledFor: date("2026-01-01T02:00:00Z"),
                    reason: .stillRunning(since: date("2026-01-01T01:00:00Z")))
            ])
        #expect(
            harness.log.lines.contains(
                "2026-01-01T02:00:00Z smokerun schedule: slow: skipped the run of 2026-01-01T02:00:00Z: the run started at 2026-01-01T01:00:00Z is still going"
            ))
        harness.runner.finish("slow")
        try await harness.log.wait(Self.isFinished("slow"))
        try await harness.log.wait(Self.isScheduled("slow", "2026-01-01T03:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T03:00:00Z"))
        try await harness.log.wait(for: 2, Self.isStarted("slow"))
        try await waitUntil { harness.runner.starts.count == 2 }
        #expect(harness.runner.starts == ["slow", "slow"])
        harness.controller.yield(.stop)
        await service.value
    }

    @Test func oneCatchUpRunAfterALongGapNotOnePerMissedTick() async throws {
        let harness = Harness(
            start: "2026-01-03T10:30:00Z", pipelines: PipelineSet(pipelines: [testPipeline("smoke")]),
            runner: FakeRunner(finishAtOnce: true), lastRun: { _ in date("2026-01-01T00:00:00Z") })
        let service = harness.start()
        try await harness.log.wait(Self.isFinished("smoke"))
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-03T12:00:00Z"))
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts == ["smoke"])
        #expect(
            harness.log.events.contains(
                .started(pipeline: "smoke", scheduledFor: date("2026-01-01T04:00:00Z"), catchUp: true)))
        #expect(
            harness.log.lines.contains(
                "2026-01-03T10:30:00Z smokerun schedule: smoke: started (catch-up for the missed run of 2026-01-01T04:00:00Z)"
            ))
    }

    @Test func noCatchUpWhenTheLastRunIsRecentOrUnknown() async throws {
        let recent = Harness(
            start: "2026-01-03T10:30:00Z", pipelines: PipelineSet(pipelines: [testPipeline("a"), testPipeline("b")]),
            lastRun: { $0.name == "a" ? date("2026-01-03T08:00:00Z") : nil })
        let service = recent.start()
        try await recent.log.wait(for: 2) { if case .scheduled = $0 { true } else { false } }
        recent.controller.yield(.stop)
        await service.value
        #expect(recent.runner.starts.isEmpty)
    }

    @Test func aClockThatJumpsDaysRunsOnceThenResumesTheSchedule() async throws {
        let harness = Harness(
            start: "2026-01-01T01:00:00Z", pipelines: PipelineSet(pipelines: [testPipeline("smoke")]),
            runner: FakeRunner(finishAtOnce: true))
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-04T13:00:00Z")) // the machine slept for three days
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-04T16:00:00Z"))
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts == ["smoke"])
    }

    @Test func stopDuringARunCancelsItAndReturns() async throws {
        let directory = try ScratchDirectory()
        let harness = Harness(
            start: "2026-01-01T03:59:00Z", pipelines: PipelineSet(pipelines: [testPipeline("smoke")]),
            lockDirectory: directory.url)
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait(Self.isStarted("smoke"))
        let lockURL = RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil))
        #expect(throws: RunLockError.held(path: lockURL.path, pid: getpid())) { try RunLock.acquire(at: lockURL) }
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.log.events.contains(.stopping(runningRuns: 1)))
        #expect(
            harness.log.events.contains(
                .finished(
                    pipeline: "smoke", outcome: RunOutcome(status: .interrupted, reportPath: "/out/runs/x/report.json"))
            ))
        #expect(harness.log.events.last == .stopped(abandonedRuns: 0))
        #expect(throws: Never.self) { try RunLock.acquire(at: lockURL).release() }
    }

    @Test func aRunThatIgnoresCancellationIsAbandonedAfterTheGrace() async throws {
        let runner = FakeRunner(ignoresCancellation: true)
        let harness = Harness(
            start: "2026-01-01T03:59:00Z", pipelines: PipelineSet(pipelines: [testPipeline("stuck")]), runner: runner,
            grace: 5)
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("stuck", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait(Self.isStarted("stuck"))
        let stoppedAt = harness.clock.now
        harness.controller.yield(.stop)
        try await harness.log.wait { $0 == .stopping(runningRuns: 1) }
        try await waitUntil { harness.clock.sleeperCount == 1 } // the grace timer
        // The run's processes get their pipeline's grace (10 s) before they are killed, then 5 s to write its report.
        #expect(harness.clock.nextDeadline == stoppedAt.addingTimeInterval(15))
        harness.clock.advance(by: 15)
        await service.value
        #expect(harness.log.events.last == .stopped(abandonedRuns: 1))
        runner.finish("stuck")
    }

    /// A second stop a second later does not wait for the runs; the same stop delivered twice at once (coreutils
    /// `timeout` signals the service and then its whole group) is one stop, and the run still gets its grace.
    @Test func aSecondStopDoesNotWaitForTheRunsButOneStopSentTwiceDoes() async throws {
        let runner = FakeRunner(ignoresCancellation: true)
        let harness = Harness(
            start: "2026-01-01T03:59:00Z", pipelines: PipelineSet(pipelines: [testPipeline("stuck")]), runner: runner)
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("stuck", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait(Self.isStarted("stuck"))
        harness.controller.yield(.stop)
        harness.controller.yield(.stop)
        try await harness.log.wait { $0 == .stopping(runningRuns: 1) }
        try await waitUntil { harness.clock.sleeperCount == 1 } // the grace timer: the run is still awaited
        #expect(!harness.log.events.contains { if case .stopped = $0 { true } else { false } })
        harness.clock.advance(by: 2)
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.log.events.last == .stopped(abandonedRuns: 1))
        runner.finish("stuck")
    }

    @Test func invalidPipelinesAreReportedAndSkippedWhileOthersRun() async throws {
        let set = PipelineSet(
            pipelines: [
                testPipeline("bad-cron", schedule: "0 25 * * *"), testPipeline("bad-zone", timeZone: "Mars/Olympus"),
                testPipeline("good"),
            ],
            failures: [
                PipelineLoadFailure(
                    path: "Pipelines/broken.json", message: "unknown key 'schedul' (did you mean 'schedule'?)")
            ])
        let harness = Harness(start: "2026-01-01T03:59:00Z", pipelines: set, runner: FakeRunner(finishAtOnce: true))
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("good", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait(Self.isFinished("good"))
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts == ["good"])
        let errors = harness.log.events.filter { if case .error = $0 { true } else { false } }
        #expect(
            errors == [
                .error(subject: "Pipelines/broken.json", message: "unknown key 'schedul' (did you mean 'schedule'?)"),
                .error(
                    subject: "bad-cron",
                    message: "schedule: cron expression '0 25 * * *': field 2 (hour) '25' is out of range 0–23"),
                .error(
                    subject: "bad-zone",
                    message: "timeZone 'Mars/Olympus' is not an IANA time zone name (e.g. 'Europe/Berlin')"),
            ])
    }

    @Test func reloadAppliesNewSchedulesAndKeepsTheLastGoodVersionOfAFileThatBecameInvalid() async throws {
        var first = testPipeline("a", schedule: "0 * * * *")
        first.sourcePath = "Pipelines/a.json"
        var second = testPipeline("b", schedule: "0 * * * *")
        second.sourcePath = "Pipelines/b.json"
        let harness = Harness(
            start: "2026-01-01T00:10:00Z", pipelines: PipelineSet(pipelines: [first, second]),
            runner: FakeRunner(finishAtOnce: true))
        let service = harness.start()
        try await harness.log.wait(for: 2) {
            if case .scheduled(_, date("2026-01-01T01:00:00Z"), _) = $0 { true } else { false }
        }
        first.schedule = "30 * * * *"
        harness.box.replace(
            with: PipelineSet(
                pipelines: [first], failures: [PipelineLoadFailure(path: "Pipelines/b.json", message: "bad")]))
        harness.controller.yield(.reload)
        try await harness.log.wait(Self.isScheduled("a", "2026-01-01T00:30:00Z"))
        try await harness.log.wait { $0 == .reloaded(pipelines: 2) }
        harness.clock.advance(to: date("2026-01-01T01:00:00Z"))
        try await harness.log.wait(Self.isScheduled("a", "2026-01-01T01:30:00Z"))
        try await harness.log.wait(Self.isFinished("a"))
        try await harness.log.wait(Self.isFinished("b"))
        harness.controller.yield(.stop)
        await service.value
        // b's bad edit was refused: it still runs on its last good schedule, and the log says why. (Their two runs'
        // tasks start in either order.)
        #expect(harness.runner.starts.sorted() == ["a", "b"])
        #expect(
            harness.log.events.contains(
                .error(
                    subject: "Pipelines/b.json",
                    message: "bad — the new version was refused; keeping the last good configuration until it is fixed")
            ))
    }

    @Test func aLockHeldByAnotherHolderSkipsTheTick() async throws {
        let directory = try ScratchDirectory()
        let held = try RunLock.acquire(
            at: RunLock.fileURL(outputDirectory: directory.url, pipeline: PipelineKey(name: "smoke", file: nil)))
        let harness = Harness(
            start: "2026-01-01T03:59:00Z", pipelines: PipelineSet(pipelines: [testPipeline("smoke")]),
            runner: FakeRunner(finishAtOnce: true), lockDirectory: directory.url)
        let service = harness.start()
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T04:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T04:00:00Z"))
        try await harness.log.wait {
            if case .skipped("smoke", _, .lockedElsewhere(getpid())) = $0 { true } else { false }
        }
        held.release()
        try await harness.log.wait(Self.isScheduled("smoke", "2026-01-01T08:00:00Z"))
        harness.clock.advance(to: date("2026-01-01T08:00:00Z"))
        try await harness.log.wait(Self.isFinished("smoke"))
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts == ["smoke"])
    }

    @Test func schedulesInThePipelineZoneAcrossSpringForward() async throws {
        let harness = Harness(
            start: "2026-03-08T04:30:00Z",
            pipelines: PipelineSet(pipelines: [testPipeline("ny", timeZone: "America/New_York")]),
            runner: FakeRunner(finishAtOnce: true))
        let service = harness.start()
        for (round, (fire, next)) in [
            ("2026-03-08T05:00:00Z", "2026-03-08T08:00:00Z"), ("2026-03-08T08:00:00Z", "2026-03-08T12:00:00Z"),
        ].enumerated() {
            try await harness.log.wait(Self.isScheduled("ny", fire))
            harness.clock.advance(to: date(fire))
            try await harness.log.wait(Self.isScheduled("ny", next))
            // Its run's task may not have run yet on a busy machine: the next fire would find it still running.
            try await harness.log.wait(for: round + 1, Self.isFinished("ny"))
        }
        harness.controller.yield(.stop)
        await service.value
        #expect(harness.runner.starts.count == 2)
    }
}
