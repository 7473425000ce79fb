import Foundation

/// The test phase of an xcodebuild run: shuffled batches, one `test-without-building` and one
/// fresh result bundle each, results merged in run order, then retries of what failed.
struct BatchExecution {
    var driver: XcodebuildDriver
    var process: XcodebuildProcess
    var commandLine: XcodebuildCommandLine
    var xcodebuild: String
    private var invocation = 0
    private var finished = 0

    init(driver: XcodebuildDriver, process: XcodebuildProcess, commandLine: XcodebuildCommandLine, xcodebuild: String) {
        self.driver = driver
        self.process = process
        self.commandLine = commandLine
        self.xcodebuild = xcodebuild
    }

    /// What one invocation left: the tests it asked for that reported, what it attached, why it stopped.
    struct Outcome {
        var results: [TestResult] = []
        var attachments: [RawAttachment] = []
        var stopReason: StopReason?
    }

    mutating func execute(discovered: [TestCase]?, into result: inout DriverResult) throws {
        let context = driver.context
        let pipeline = context.pipeline
        let batches: [TestBatch]
        var total = 0
        if let discovered {
            let selected = Self.select(discovered, onlyTesting: driver.settings.onlyTesting, skipTesting: driver.settings.skipTesting)
            guard !selected.isEmpty else {
                result.errors.append(InfrastructureError(
                    message: "no tests to run: \(discovered.count) listed by -enumerate-tests, none selected by xcodebuild.onlyTesting/skipTesting",
                    details: discovered.prefix(20).map { XcodeTestIdentifier.xcode($0.id) }))
                return
            }
            total = selected.count
            batches = TestOrdering.batches(selected, mode: pipeline.ordering.mode, isolation: pipeline.ordering.isolation, seed: context.seed)
        } else {
            // Unknown test list: one invocation with the pipeline's selection; the plan shuffles.
            batches = [TestBatch(framework: .xctest, tests: [])]
        }

        var tests: [TestResult] = []
        var stopped: StopReason?
        for batch in batches where stopped == nil {
            let outcome = try run(batch.tests, total: total, alreadyReported: Set(tests.map { Self.key($0.id) }), acceptUnrequested: true, into: &result)
            tests += outcome.results
            result.attachments += outcome.attachments
            stopped = outcome.stopReason
        }

        // Retries: only the tests that failed, all of them in one invocation per round.
        var retries: [String: [TestResult]] = [:]
        var round = 0
        while stopped == nil, round < pipeline.retries.failed {
            round += 1
            let failing = tests.filter { test in (retries[test.id]?.last ?? test).status.isFailure }
            guard !failing.isEmpty else { break }
            context.status("retrying \(failing.count) failed tests (round \(round))…")
            let outcome = try run(failing.map { TestCase(id: $0.id, framework: $0.framework) }, total: 0, alreadyReported: [], acceptUnrequested: false, into: &result)
            stopped = outcome.stopReason
            result.attachments += outcome.attachments
            for test in failing {
                if let attempt = outcome.results.first(where: { Self.key($0.id) == Self.key(test.id) }) {
                    retries[test.id, default: []].append(attempt)
                }
            }
        }
        tests = tests.map { AttemptMerger.merge(first: $0, retries: retries[$0.id] ?? []) }
        for index in tests.indices { tests[index].order = index + 1 }
        result.tests = tests
        if stopped == .cancelled { result.interrupted = true }
        if stopped == .runTimedOut {
            let ran = Set(tests.map { Self.key($0.id) })
            let missing = batches.flatMap(\.tests).filter { !ran.contains(Self.key($0.id)) }
            result.errors.append(InfrastructureError(
                message: "the run reached timeouts.runSeconds (\(BatchRunner.seconds(pipeline.timeouts.runSeconds))); \(missing.count) tests did not run",
                details: missing.prefix(50).map(\.id)))
        }
    }

    /// `onlyTesting` keeps (all when empty), `skipTesting` drops; both in xcodebuild's `Target[/Class[/method]]` form.
    static func select(_ tests: [TestCase], onlyTesting: [String], skipTesting: [String]) -> [TestCase] {
        tests.filter { test in
            (onlyTesting.isEmpty || onlyTesting.contains { XcodeTestIdentifier.selector($0, covers: test) })
                && !skipTesting.contains { XcodeTestIdentifier.selector($0, covers: test) }
        }
    }

    /// One `test-without-building`: runs `tests` (or the pipeline's selection when empty) into a
    /// fresh bundle and reads it. Keeps the requested tests (and, with `acceptUnrequested`, others
    /// the bundle holds), never one an earlier invocation reported (`alreadyReported`, by `key`).
    private mutating func run(
        _ tests: [TestCase], total: Int, alreadyReported: Set<String>, acceptUnrequested: Bool, into result: inout DriverResult
    ) throws -> Outcome {
        invocation += 1
        let bundle = driver.workDirectory.appendingPathComponent("bundles/\(invocation).xcresult")
        let scratch = driver.workDirectory.appendingPathComponent("exported/\(invocation)")
        let arguments = commandLine.testWithoutBuilding(only: tests.map { XcodeTestIdentifier.xcode($0.id) }, resultBundle: bundle.path)
        let finishedProcess = try process.run(arguments)
        var outcome = Outcome(stopReason: finishedProcess.stopReason)
        guard FileManager.default.fileExists(atPath: bundle.path) else {
            if finishedProcess.stopReason == nil {
                result.errors.append(InfrastructureError(
                    message: "xcodebuild test-without-building wrote no result bundle (\(finishedProcess.termination.description))",
                    command: [xcodebuild] + arguments, exitStatus: finishedProcess.exitStatus, details: finishedProcess.tail))
            }
            return outcome
        }
        let contents: ResultBundleContents
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            contents = try driver.reader.read(bundle: bundle, scratchDirectory: scratch)
        } catch {
            result.errors.append(InfrastructureError(message: "could not read the result bundle \(bundle.path): \(error.localizedDescription)",
                                                     command: [xcodebuild] + arguments, exitStatus: finishedProcess.exitStatus))
            return outcome
        }
        result.errors += contents.notes.map { InfrastructureError(message: $0) }
        result.bundles.append(BundleTally(counts: contents.summaryCounts, tests: contents.tests))
        if result.toolchain == nil, let version = contents.xcodeVersion { result.toolchain = ToolchainInfo(version: version) }
        let requested = Set(tests.map { Self.key($0.id) })
        var kept = Set<String>()
        for test in contents.tests where !alreadyReported.contains(Self.key(test.id)) {
            guard requested.contains(Self.key(test.id)) || acceptUnrequested, kept.insert(Self.key(test.id)).inserted else { continue }
            outcome.results.append(test)
        }
        outcome.attachments = contents.attachments.filter { $0.testID.map { kept.contains(Self.key($0)) } ?? true }
        // Asked for but absent from the bundle: the runner died before it reported them.
        if outcome.stopReason == nil {
            for test in tests where !kept.contains(Self.key(test.id)) && !alreadyReported.contains(Self.key(test.id)) {
                outcome.results.append(SwiftPMDriver.result(
                    for: test, status: .crashed,
                    failure: TestFailure(message: "xcodebuild ended (\(finishedProcess.termination.description)) without a result for this test in \(bundle.lastPathComponent)")))
            }
        }
        for test in outcome.results where total > 0 {
            finished += 1
            driver.context.progress(test, min(finished, total), total)
        }
        return outcome
    }

    /// How ids compare across enumeration and bundle: `testA()` and `testA` are one XCTest method.
    static func key(_ id: String) -> String {
        id.hasSuffix("()") ? String(id.dropLast(2)) : id
    }
}
