import Foundation
import SmokeCore

/// The state of one `Scheduler.run`, confined to its task; other tasks only send it events.
final class SchedulerLoop {
    enum Event: Sendable {
        case tick
        case control(SchedulerControl)
        case finished(key: String, outcome: RunOutcome)
        case graceExpired
    }

    private struct Entry {
        var pipeline: Pipeline
        var cron: CronExpression
        var zone: TimeZone
        var nextFire: Date?
    }

    private struct ActiveRun {
        var name: String
        /// How long its stopped processes may take (`timeouts.graceSeconds`) before they are killed.
        var processGrace: TimeInterval
        var startedAt: Date
        var cancellation: CancellationFlag
        var task: Task<Void, Never>
        var lock: RunLock?
    }

    private let scheduler: Scheduler
    private let sink: AsyncStream<Event>.Continuation
    private var entries: [String: Entry] = [:]
    private var seen: Set<String> = []
    private var running: [String: ActiveRun] = [:]
    private var timer: Task<Void, Never>?
    private var graceTimer: Task<Void, Never>?
    /// When the first SIGINT/SIGTERM came; nil while the service runs.
    private var stoppingSince: Date?
    private var stopping: Bool { stoppingSince != nil }
    /// Seconds within which another stop is the first one delivered twice.
    static let repeatedStop: TimeInterval = 1

    init(scheduler: Scheduler, sink: AsyncStream<Event>.Continuation) {
        self.scheduler = scheduler
        self.sink = sink
    }

    private var now: Date { scheduler.clock.now }

    private func log(_ event: SchedulerEvent) { scheduler.log(event, now) }

    func run(_ events: AsyncStream<Event>) async {
        load()
        armTimer()
        for await event in events {
            switch event {
            case .tick:
                tick()
            case .control(.reload):
                load()
                log(.reloaded(pipelines: entries.count))
                armTimer()
            case .control(.stop):
                // A second stop does not wait for the runs, unless it is the same stop sent twice: coreutils
                // `timeout` signals the service, then its whole group, in one instant.
                if let since = stoppingSince {
                    if now.timeIntervalSince(since) < Self.repeatedStop { continue }
                    return finish()
                }
                beginStopping()
                if running.isEmpty { return finish() }
            case .finished(let key, let outcome):
                if let run = running.removeValue(forKey: key) {
                    run.lock?.release()
                    log(.finished(pipeline: run.name, outcome: outcome))
                }
                if stopping && running.isEmpty { return finish() }
            case .graceExpired:
                return finish()
            }
        }
        finish()
    }

    /// Runs every due pipeline and computes its next fire time from now, so a late tick (a sleeping machine) runs once
    /// rather than once per missed time.
    private func tick() {
        guard !stopping else { return }
        let now = self.now
        for key in entries.keys.sorted() {
            guard let entry = entries[key], let due = entry.nextFire, due <= now else { continue }
            fire(key, entry.pipeline, scheduledFor: due, catchUp: false)
            schedule(key, after: now)
        }
        armTimer()
    }

    private func schedule(_ key: String, after date: Date) {
        guard var entry = entries[key] else { return }
        entry.nextFire = entry.cron.nextFireDate(after: date, in: entry.zone)
        entries[key] = entry
        if let next = entry.nextFire {
            log(.scheduled(pipeline: entry.pipeline.name, at: next, timeZone: entry.zone))
        } else {
            log(
                .error(
                    subject: entry.pipeline.name,
                    message: "schedule '\(entry.cron)' has no fire time in the next years; it will not run"))
        }
    }

    private func fire(_ key: String, _ pipeline: Pipeline, scheduledFor: Date, catchUp: Bool) {
        if let active = running[key] {
            log(
                .skipped(
                    pipeline: pipeline.name, scheduledFor: scheduledFor, reason: .stillRunning(since: active.startedAt))
            )
            return
        }
        var lock: RunLock?
        if let url = scheduler.lockFile(pipeline) {
            do {
                lock = try RunLock.acquire(at: url)
            } catch .held(_, let pid) {
                log(.skipped(pipeline: pipeline.name, scheduledFor: scheduledFor, reason: .lockedElsewhere(pid: pid)))
                return
            } catch {
                log(.error(subject: pipeline.name, message: error.localizedDescription))
                return
            }
        }
        let cancellation = CancellationFlag()
        let runPipeline = scheduler.runPipeline
        let sink = self.sink
        log(.started(pipeline: pipeline.name, scheduledFor: scheduledFor, catchUp: catchUp))
        let task = Task {
            let outcome = await runPipeline(pipeline, cancellation, lock)
            sink.yield(.finished(key: key, outcome: outcome))
        }
        running[key] = ActiveRun(
            name: pipeline.name, processGrace: pipeline.timeouts.graceSeconds, startedAt: now,
            cancellation: cancellation, task: task, lock: lock)
    }

    /// (Re)loads the pipelines; a new one gets a catch-up run when its history shows a missed fire time.
    private func load() {
        let set = scheduler.loadPipelines()
        var loaded: [String: Entry] = [:]
        for failure in set.failures {
            // A bad edit on SIGHUP must not stop a pipeline that was running fine: keep its last good configuration.
            if let previous = entries[failure.path] {
                loaded[failure.path] = previous
                log(
                    .error(
                        subject: failure.path,
                        message:
                            """
                            \(failure.message) — the new version was refused; keeping the last good configuration \
                            until it is fixed
                            """
                    ))
            } else {
                log(.error(subject: failure.path, message: failure.message))
            }
        }
        for pipeline in set.pipelines {
            let key = pipeline.sourcePath ?? pipeline.name
            let subject = pipeline.sourcePath ?? pipeline.name
            let cron: CronExpression
            do {
                cron = try CronExpression(pipeline.schedule)
            } catch {
                log(.error(subject: subject, message: "schedule: \(error.localizedDescription)"))
                continue
            }
            guard let zone = TimeZone(identifier: pipeline.timeZone) else {
                log(
                    .error(
                        subject: subject,
                        message: "timeZone '\(pipeline.timeZone)' is not an IANA time zone name (e.g. 'Europe/Berlin')")
                )
                continue
            }
            let previous = entries[key]
            let unchanged = previous.map { $0.cron == cron && $0.zone == zone } ?? false
            loaded[key] = Entry(
                pipeline: pipeline, cron: cron, zone: zone, nextFire: unchanged ? previous?.nextFire : nil)
        }
        entries = loaded
        let now = self.now
        for key in entries.keys.sorted() where entries[key]?.nextFire == nil {
            guard let entry = entries[key] else { continue }
            if !seen.contains(key), let last = scheduler.lastRun(entry.pipeline),
                let missed = entry.cron.nextFireDate(after: last, in: entry.zone), missed <= now
            {
                fire(key, entry.pipeline, scheduledFor: missed, catchUp: true)
            }
            seen.insert(key)
            schedule(key, after: now)
        }
    }

    private func armTimer() {
        timer?.cancel()
        timer = nil
        guard !stopping, let next = entries.values.compactMap(\.nextFire).min() else { return }
        let clock = scheduler.clock
        let sink = self.sink
        timer = Task {
            do {
                try await clock.sleep(until: next)
                sink.yield(.tick)
            } catch {}
        }
    }

    private func beginStopping() {
        stoppingSince = now
        timer?.cancel()
        log(.stopping(runningRuns: running.count))
        for run in running.values {
            run.cancellation.cancel()
            run.task.cancel()
        }
        guard !running.isEmpty else { return }
        let clock = scheduler.clock
        // A stopped run's processes get their own grace; then it writes its interrupted report.
        let processGrace = running.values.map(\.processGrace).max() ?? 0
        let deadline = now.addingTimeInterval(processGrace + scheduler.shutdownGrace)
        let sink = self.sink
        graceTimer = Task {
            do {
                try await clock.sleep(until: deadline)
                sink.yield(.graceExpired)
            } catch {}
        }
    }

    private func finish() {
        timer?.cancel()
        graceTimer?.cancel()
        log(.stopped(abandonedRuns: running.count))
    }
}
