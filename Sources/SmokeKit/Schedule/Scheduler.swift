import Foundation
import SmokeCore

/// The scheduler service: sleeps until the next fire time, runs what is due, logs every event, until stopped.
/// One run of a pipeline at a time (across processes by `RunLock`); a tick finding the last run still going is
/// skipped; after downtime, one catch-up run if a fire time was missed. `.stop` cancels runs and waits up to their
/// pipelines' `timeouts.graceSeconds` (their processes' own grace) and `shutdownGrace` more to write their reports;
/// `.reload` reloads pipelines, skipping invalid ones.
package struct Scheduler: Sendable {
    var loadPipelines: PipelineSource
    var runPipeline: PipelineRunning
    var lastRun: LastRunLookup
    var lockFile: @Sendable (Pipeline) -> URL?
    var clock: any SchedulerClock
    var log: @Sendable (SchedulerEvent, Date) -> Void
    var shutdownGrace: TimeInterval

    package init(
        loadPipelines: @escaping PipelineSource,
        runPipeline: @escaping PipelineRunning,
        lastRun: @escaping LastRunLookup,
        lockFile: @escaping @Sendable (Pipeline) -> URL?,
        clock: any SchedulerClock = SystemSchedulerClock(),
        log: @escaping @Sendable (SchedulerEvent, Date) -> Void,
        shutdownGrace: TimeInterval = 10
    ) {
        self.loadPipelines = loadPipelines
        self.runPipeline = runPipeline
        self.lastRun = lastRun
        self.lockFile = lockFile
        self.clock = clock
        self.log = log
        self.shutdownGrace = shutdownGrace
    }

    package func run(control: some AsyncSequence<SchedulerControl, Never> & Sendable) async {
        let (events, sink) = AsyncStream<SchedulerLoop.Event>.makeStream()
        let forwarder = Task {
            for await request in control { sink.yield(.control(request)) }
        }
        let loop = SchedulerLoop(scheduler: self, sink: sink)
        await loop.run(events)
        forwarder.cancel()
        sink.finish()
    }
}
