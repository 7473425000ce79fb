import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// The real process runner's stop: the launch's signal to the whole group, a grace period while the
/// output is still read, then SIGKILL — with a real `sh` child that traps the signal and leaves a marker.
@Suite struct GracefulStopTests {
    struct Stopped {
        var exit: ProcessExit
        var output: String
        var marker: String?
        var seconds: TimeInterval
    }

    /// Starts `script` (`$1` is the marker file), and asks for a stop once it printed "ready".
    func stop(_ script: String, signal: Int32, grace: TimeInterval) throws -> Stopped {
        let marker = TestScratch.root.appendingPathComponent(
            "smokerun-stop-\(UUID().uuidString.prefix(8))")
        var launch = ProcessLaunch(
            executable: "/bin/sh", arguments: ["-c", script, "sh", marker.path],
            environment: ["PATH": "/usr/bin:/bin"], currentDirectory: nil)
        launch.stopSignal = signal
        launch.graceSeconds = grace
        var output = ""
        let started = Date()
        let exit = try ChildProcessRunner().run(
            launch, onOutput: { output += String(decoding: $0, as: UTF8.self) },
            // Bounded: a stop is asked for by 10 s whatever the child printed.
            onTick: { output.contains("ready") || Date().timeIntervalSince(started) > 10 ? .stop : .keepRunning })
        defer { try? FileManager.default.removeItem(at: marker) }
        return Stopped(
            exit: exit, output: output, marker: try? String(contentsOf: marker, encoding: .utf8),
            seconds: Date().timeIntervalSince(started))
    }

    @Test(arguments: [(SIGTERM, "TERM"), (SIGINT, "INT")])
    func aChildThatTrapsTheStopSignalFinishesCleanlyWithinTheGracePeriod(_ signal: Int32, _ name: String) throws {
        let stopped = try stop(
            """
            trap 'echo \(name) > "$1"; echo finishing; exit 0' \(name)
            echo ready
            while :; do sleep 0.1; done
            """, signal: signal, grace: 120)
        #expect(stopped.exit == ProcessExit(termination: .exited(0), stopped: true, forced: false))
        #expect(stopped.marker == "\(name)\n")
        // What it printed while finishing is still read (sh may first report its `sleep` as "Terminated").
        #expect(stopped.output.hasPrefix("ready\n") && stopped.output.hasSuffix("finishing\n"))
        // Finished by itself, long before the grace period would have ended it (load only slows the start).
        #expect(stopped.seconds < 100)
    }

    @Test func aChildThatIgnoresTheStopSignalIsKilledWhenTheGracePeriodEnds() throws {
        let stopped = try stop(
            """
            trap 'echo ignored > "$1"' TERM
            echo ready
            while :; do sleep 0.1; done
            """, signal: SIGTERM, grace: 1)
        #expect(stopped.exit == ProcessExit(termination: .signaled(SIGKILL), stopped: true, forced: true))
        // It got the signal (its trap ran) and was given the whole grace period.
        #expect(stopped.marker == "ignored\n")
        // Room for a loaded machine: the stop is asked for by 10 s, the kill follows the 1 s grace.
        #expect(stopped.seconds >= 1 && stopped.seconds < 60)
    }
}
