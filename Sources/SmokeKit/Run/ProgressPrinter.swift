import Foundation
import SmokeCore

/// Progress on stderr: a rewritten line on a terminal; elsewhere, and on `TERM=dumb` (which cannot erase a line),
/// failures only. On an interactive terminal (not GitHub Actions) the line names the running test and, after
/// `ProgressLine.elapsedShownAfter` seconds, its time, redrawn every `tickSeconds` while a test runs.
final class ProgressPrinter: @unchecked Sendable {
    private let output: any TextOutput
    private let lock = NSLock()
    private var lineShown = false
    private let width: Int
    private let style: TerminalStyle
    private let live: Bool
    private let rewrites: Bool
    private let now: @Sendable () -> Date
    private let tickSeconds: Double
    /// The tests started and not yet finished, oldest first (several with `--workers`); bounded.
    private var running: [ProgressLine.Running] = []
    private var timer: (any DispatchSourceTimer)?
    /// A long step before the tests (build, simulator boot) while it runs, and when a pipe last heard of it.
    private var phase: PhaseLine?
    private var phaseSaidAt: Date?
    private static let runningLimit = 64

    init(
        output: any TextOutput, githubActions: Bool, width: Int = 80, style: TerminalStyle = .plain,
        now: @escaping @Sendable () -> Date = { SystemClock.now() }, tickSeconds: Double = 1, dumbTerminal: Bool = false
    ) {
        self.output = output
        self.width = width
        self.style = style
        rewrites = output.isTerminal && !dumbTerminal
        live = rewrites && !githubActions
        self.now = now
        self.tickSeconds = tickSeconds
    }

    deinit { timer?.cancel() }

    /// A test started: the line names it, with its position.
    func started(_ id: String, position: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard live else { return }
        // Said again (Swift Testing's tests overlap): it keeps its first start.
        if !running.contains(where: { TestCase.key($0.id) == TestCase.key(id) }) {
            running.append(ProgressLine.Running(id: id, position: position, total: total, startedAt: now()))
            if running.count > Self.runningLimit { running.removeFirst() }
        }
        drawRunning()
        startTimer()
    }

    func finished(_ test: TestResult, position: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        running.removeAll { TestCase.key($0.id) == TestCase.key(test.id) }
        let line = ProgressLine.render(test, position: position, total: total, width: width, style: style)
        if rewrites {
            output.write("\r\u{1B}[2K" + line)
            lineShown = true
        } else if test.status.isFailure {
            output.line(line)
        }
    }

    /// The timer's beat: the running test's time once long enough; during a phase its time (terminal) or a line
    /// every `PhaseLine.pipeInterval` seconds (pipe).
    func tick() {
        lock.lock()
        defer { lock.unlock() }
        if let phase {
            let moment = now()
            if live {
                drawPhase(phase, at: moment)
            } else if moment.timeIntervalSince(phaseSaidAt ?? phase.startedAt) >= PhaseLine.pipeInterval {
                output.line("smokerun: " + phase.line(at: moment, width: 200))
                phaseSaidAt = moment
            }
            return
        }
        guard live else { return }
        drawRunning()
    }

    /// A phase began, ended, or its tool printed a progress step.
    func phase(_ event: PhaseEvent) {
        lock.lock()
        defer { lock.unlock() }
        let moment = now()
        switch event {
        case .started(let title):
            if rewrites, lineShown { output.write("\r\u{1B}[2K") }
            lineShown = false
            let started = PhaseLine(title: title, startedAt: moment)
            phase = started
            phaseSaidAt = moment
            if live { drawPhase(started, at: moment) } else { output.line("smokerun: \(title)…") }
            startTimer()
        case .step(let step):
            phase?.step = step
            if live, let phase { drawPhase(phase, at: moment) }
        case .ended:
            guard let ended = phase else { return }
            phase = nil
            // On a terminal the live line stays, as a line of its own, with the time the phase took.
            if live {
                var done = ended
                done.step = nil
                output.write("\r\u{1B}[2K" + "smokerun: " + done.line(at: moment, width: width) + "\n")
                lineShown = false
            }
            if running.isEmpty {
                timer?.cancel()
                timer = nil
            }
        }
    }

    func status(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if rewrites, lineShown { output.write("\r\u{1B}[2K") }
        lineShown = false
        output.line("smokerun: \(text)")
    }

    /// The tests are over: the line goes and the timer stops.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = nil
        running = []
        if rewrites, lineShown { output.write("\r\u{1B}[2K") }
        lineShown = false
    }

    /// The test that has run longest once it shows a time (a hang stays in view), else the one started last.
    private func drawRunning() {
        let moment = now()
        let shown =
            running.first { moment.timeIntervalSince($0.startedAt) >= ProgressLine.elapsedShownAfter } ?? running.last
        guard let shown else { return }
        output.write("\r\u{1B}[2K" + shown.line(at: moment, width: width))
        lineShown = true
    }

    /// Lock held.
    private func drawPhase(_ phase: PhaseLine, at moment: Date) {
        output.write("\r\u{1B}[2K" + phase.line(at: moment, width: width))
        lineShown = true
    }

    /// Lock held. One timer per printer, on a utility queue, holding the printer weakly.
    private func startTimer() {
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + tickSeconds, repeating: tickSeconds, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
    }
}
