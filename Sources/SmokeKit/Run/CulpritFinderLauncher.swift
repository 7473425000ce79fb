import Foundation
import SmokeCore

/// Starts `smokerun culprit RUN TEST… --follow-up` for a run's new failures (`notify.findCulprit`) apart from the
/// run: own session (`setsid`), stdin /dev/null, output appended to `RUN/culprit/finder.log`. Not waited for;
/// the finder's culprit lock keeps two from searching one pipeline at once.
package struct CulpritFinderLauncher: Sendable {
    var executable: URL

    package init(executable: URL) { self.executable = executable }

    /// smokerun's own binary as the kernel knows it (`/proc/self/exe` on Linux), else as it was started.
    package static func ownExecutable() -> URL? {
        let link = URL(fileURLWithPath: "/proc/self/exe")
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL
    }

    /// The finder's arguments for `tests` (ids) failing in run `runID` of `outputDirectory`.
    func arguments(runID: String, tests: [String], outputDirectory: URL) -> [String] {
        ["culprit", runID] + tests + ["--output", outputDirectory.path, "--follow-up"]
    }

    /// Starts the finder via a shell that backgrounds it and exits at once. The shell's group is not ended on exit
    /// as other children's are: the finder is in that group until `setsid` moves it out.
    func launch(
        runID: String, tests: [String], outputDirectory: URL, log: URL, currentDirectory: URL,
        environment: [String: String]
    ) throws {
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        let script = """
            log=$1; shift
            if command -v setsid >/dev/null 2>&1; then
              setsid "$@" </dev/null >>"$log" 2>&1 &
            else
              nohup "$@" </dev/null >>"$log" 2>&1 &
            fi
            """
        let shell = try ChildProcess(
            executable: "/bin/sh",
            arguments: ["-c", script, "sh", log.path, executable.path]
                + arguments(runID: runID, tests: tests, outputDirectory: outputDirectory),
            environment: environment, currentDirectory: currentDirectory, endsGroupOnExit: false)
        // Bounded: the shell only forks; a shell still there after 30 s is killed.
        let deadline = SystemClock.now().addingTimeInterval(30)
        var said = Data()
        let termination = shell.run(
            onOutput: { said.append(contentsOf: $0) }, onTick: { SystemClock.now() > deadline ? .kill : .keepRunning })
        guard termination == .exited(0) else {
            throw FinderLaunchFailure(
                text: "/bin/sh ended with \(termination): \(String(decoding: said, as: UTF8.self).prefix(500))")
        }
    }
}

/// The shell that starts the culprit finder did not end well.
struct FinderLaunchFailure: Error, LocalizedError {
    var text: String
    var errorDescription: String? { text }
}
