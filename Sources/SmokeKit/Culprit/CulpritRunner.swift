import Foundation
import SmokeCore

/// Runs a culprit search: for each candidate commit, a detached git worktree in the search's own folder where the
/// named tests are built and run through the pipeline's driver, removed before the next. One shared build folder
/// means a candidate rebuilds only what changed.
package struct CulpritRunner: Sendable {
    var pipeline: Pipeline
    var tests: [String]
    var git: any GitRepository
    /// The package (or project) folder in the user's checkout; its place inside it is kept in each worktree.
    var projectFolder: URL
    /// `<run>/culprit/<time>/`: the worktree, the shared build folder and one folder per test run.
    var workDirectory: URL
    var currentDirectory: URL
    var environment: [String: String]
    var commandRunner: any CommandRunning
    var drivers: TestDrivers
    var cancellation: CancellationFlag
    var deadline: Date
    var now: @Sendable () -> Date = { SystemClock.now() }
    var progress: @Sendable (String) -> Void

    package init(
        pipeline: Pipeline, tests: [String], git: any GitRepository, projectFolder: URL, workDirectory: URL,
        currentDirectory: URL, environment: [String: String], commandRunner: any CommandRunning,
        drivers: TestDrivers = .standard, cancellation: CancellationFlag, deadline: Date,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.pipeline = pipeline
        self.tests = tests
        self.git = git
        self.projectFolder = projectFolder
        self.workDirectory = workDirectory
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.commandRunner = commandRunner
        self.drivers = drivers
        self.cancellation = cancellation
        self.deadline = deadline
        self.progress = progress
    }

    var worktree: URL { workDirectory.appendingPathComponent("worktree", isDirectory: true) }
    /// A build folder per step: every commit's files sit at one worktree path, and a commit that differs from the one
    /// built before by an edit of the same size (`reduce(0,` → `reduce(1,`) was once tested with the other's binary,
    /// naming the wrong commit. A fresh build per step cannot be stale.
    func buildFolder(step: Int) -> URL { workDirectory.appendingPathComponent("build-\(step)", isDirectory: true) }

    /// The search over `commits` (after `good`; the last is the failing run's commit).
    package func run(good: CulpritCommit, commits: [CulpritCommit], failingRun: String, repeats: Int) throws
        -> CulpritVerdict
    {
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try CulpritWorktrees.claim(workDirectory)
        CulpritWorktrees.removeLeftovers(in: git)
        let top = try git.topLevel().resolvingSymlinksInPath()
        let inside = Self.relativePath(of: projectFolder.resolvingSymlinksInPath(), in: top)
        let console = try ConsoleLog(url: RunDirectory(workDirectory).consoleLog)
        let search = CulpritSearch(good: good, commits: commits, failingRun: failingRun, repeats: repeats)
        var step = 0
        return try search.run { commit, repeats in
            try checkStop()
            step += 1
            try git.addWorktree(at: worktree, commit: commit.hash)
            defer { try? git.removeWorktree(at: worktree) }
            let candidate = candidatePipeline(packageFolder: worktree.appendingPathComponent(inside), step: step)
            defer { try? FileManager.default.removeItem(at: buildFolder(step: step)) }
            let trial = try probe(candidate, step: step, repeats: repeats, console: console)
            try checkStop()
            progress("[\(step)/≤\(search.stepLimit)] \(commit.label): \(Self.text(trial))")
            return trial
        }
    }

    private func checkStop() throws {
        if cancellation.isCancelled { throw CulpritSearch.Stop(.interrupted) }
        if now() >= deadline { throw CulpritSearch.Stop(.timeBudget) }
    }

    /// The pipeline pointed at the worktree: the named tests only, no coverage, the step's own build folder.
    func candidatePipeline(packageFolder: URL, step: Int) -> Pipeline {
        var candidate = pipeline
        candidate.coverage.enabled = false
        candidate.driver = drivers.make(for: pipeline)
            .culpritCandidate(packageFolder: packageFolder, buildFolder: buildFolder(step: step), tests: tests)
        return candidate
    }

    private func probe(_ candidate: Pipeline, step: Int, repeats: Int, console: ConsoleLog) throws
        -> CulpritSearch.Trial
    {
        var failures = 0
        var runs = 0
        let driver = drivers.make(for: candidate)
        for attempt in 1...repeats {
            let folder = workDirectory.appendingPathComponent("step-\(step)-\(attempt)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let limits = RunLimits(
                testSeconds: candidate.timeouts.testSeconds,
                runDeadline: min(deadline, now().addingTimeInterval(candidate.timeouts.runSeconds)),
                cancellation: cancellation, graceSeconds: candidate.timeouts.graceSeconds)
            let runContext = RunContext(
                pipeline: candidate, seed: nil, runDirectory: folder, currentDirectory: currentDirectory,
                environment: environment, runner: commandRunner, limits: limits, console: console)
            if attempt == 1 {
                do {
                    try driver.buildTests(in: runContext)
                } catch is BuildFailure {
                    try checkStop()
                    return .doesNotBuild
                }
            }
            let result = driver.run(in: runContext)
            try checkStop()
            if result.tests.isEmpty, let error = result.errors.first(where: { $0.severity == nil }) {
                if attempt == 1, driver.stoppedAtBuild(error) {
                    return .doesNotBuild
                }
                throw CulpritRunFailure(message: error.message, details: error.details)
            }
            runs += 1
            let named = result.tests.filter { tests.contains($0.id) }
            if named.contains(where: { $0.status.isFailure }) { failures += 1 }
        }
        return .ran(runs: runs, failures: failures)
    }

    static func text(_ trial: CulpritSearch.Trial) -> String {
        switch trial {
        case .doesNotBuild: "does not build"
        case .ran(let runs, let failures) where runs == 1: failures == 1 ? "failed" : "passed"
        case .ran(let runs, let failures): "failed \(failures) of \(runs) runs"
        }
    }

    /// `Packages/App` for `/repo/Packages/App` in `/repo`; empty for the top folder itself.
    static func relativePath(of folder: URL, in top: URL) -> String {
        let parts = folder.standardizedFileURL.pathComponents
        let base = top.standardizedFileURL.pathComponents
        guard parts.starts(with: base) else { return "" }
        return parts.dropFirst(base.count).joined(separator: "/")
    }
}

/// Something other than the candidate's code stopped a step (no toolchain, a tool that would not start).
struct CulpritRunFailure: Error, LocalizedError, DomainError {
    var message: String
    var details: [String]
    var errorDescription: String? { ([message] + details.prefix(10)).joined(separator: "\n    ") }
    var kind: ErrorKind { .infrastructure }
}
