import Foundation
import SmokeCore

/// One long-running `xcodebuild`, output into `console.log`. When stopped it gets SIGINT (so it finalizes its
/// result bundle), `timeouts.graceSeconds`, then SIGKILL of its group.
struct XcodebuildProcess {
    var executable: String
    var environment: [String: String]
    var currentDirectory: URL
    var limits: RunLimits
    var console: ConsoleLog
    var processes: any ProcessRunning = ChildProcessRunner()

    struct Finished {
        var termination: Termination
        /// Set when smokerun stopped it, not when it failed on its own.
        var stopReason: StopReason?
        var errorLines: [String]
        var tail: [String]
        /// Result lines of tests run on simulator clones (parallel testing), in order: `XcodeCloneLine`.
        var cloneLines: [String] = []
        /// The test its console last said started without a result (`XcodeRunningTest`): the one running when it ended.
        var runningTest: String?

        var exitStatus: Int32? {
            if case .exited(let status) = termination { return status }
            return nil
        }
    }

    func run(_ arguments: [String], onLine: (String) -> Void = { _ in }) throws -> Finished {
        var launch = ProcessLaunch(
            executable: executable, arguments: arguments, environment: environment, currentDirectory: currentDirectory)
        // Per-test time is Xcode's own allowance (-maximum-test-execution-time-allowance).
        launch.stopSignal = SIGINT
        launch.graceSeconds = limits.graceSeconds
        launch.log = console
        launch.groups = limits.processGroups
        var cloneLines: [String] = []
        var runningTest: String?
        let finished = try LoggedProcess(launch: launch, limits: limits, console: console, processes: processes).run(
            noted: "xcodebuild \(arguments.joined(separator: " "))",
            onLine: { text in
                onLine(text)
                if text.contains("' on 'Clone ") || text.contains(" on 'Clone ") { cloneLines.append(text) }
                runningTest = XcodeRunningTest.after(text, running: runningTest)
            })
        return Finished(
            termination: finished.termination, stopReason: finished.stopReason, errorLines: finished.errorLines,
            tail: finished.tail, cloneLines: cloneLines, runningTest: runningTest)
    }
}
