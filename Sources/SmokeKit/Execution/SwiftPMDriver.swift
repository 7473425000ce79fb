import Foundation

/// Runs a SwiftPM package's tests (DESIGN §5–§6): build once, list the tests, run them in
/// shuffled batches of separate processes, re-run what a crash cut short, retry failures.
package struct SwiftPMDriver {
    package var settings: SwiftPMSettings
    package var context: RunContext

    package init(settings: SwiftPMSettings, context: RunContext) {
        self.settings = settings
        self.context = context
    }

    package func run() -> DriverResult {
        let pipeline = context.pipeline
        let packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
        var result = DriverResult(device: HostDevice.resolve(pipeline.device, environment: context.environment))
        do {
            let swift = try SwiftToolchain.locate(environment: context.environment)
            // Ask the version while the build runs; it is checked before any test starts.
            let identified = BlockingWork.start { [context] in
                try SwiftToolchain.identify(swift, environment: context.environment, runner: context.runner)
            }
            context.status("building \(packageRoot.lastPathComponent) (\(settings.configuration))…")
            let build = SwiftPMBuild(swift: swift, packageRoot: packageRoot,
                                     scratchPath: pipeline.scratchDirectory(for: settings, currentDirectory: context.currentDirectory),
                                     configuration: settings.configuration,
                                     coverage: pipeline.coverage.enabled, environment: context.environment, console: context.console)
            let built = Result { try build.buildTests(limits: context.limits) }
            let toolchain = try identified()
            result.toolchain = toolchain.info
            try HostDevice.check(pipeline.device, toolchain: toolchain)
            let binary = try built.get()
            result.testBinaries = [binary]
            let discovered = try listTests(binary: binary, packageRoot: packageRoot)
            var selected = TestOrdering.select(discovered, filter: settings.filter, skip: settings.skip)
            if let shard = context.shard, !selected.isEmpty {
                selected = ShardPlanner.slice(selected, shard: shard, durations: context.durations)
                context.status("shard \(shard.description): \(selected.count) tests")
                // More shards than tests: this one has nothing to do, which is not an error.
                if selected.isEmpty { return result }
            }
            if selected.isEmpty {
                result.errors.append(InfrastructureError(
                    message: "no tests to run: \(discovered.count) found in \(binary.lastPathComponent), none selected by swiftpm.filter/skip",
                    details: discovered.prefix(20).map(\.id)))
                return result
            }
            let batches = TestOrdering.batches(
                selected, mode: pipeline.ordering.mode, isolation: pipeline.ordering.isolation, seed: context.seed)
            try execute(batches, total: selected.count, binary: binary, packageRoot: packageRoot, into: &result)
        } catch let error as BuildFailure {
            result.errors.append(error.record)
        } catch {
            result.errors.append(InfrastructureError(message: error.localizedDescription))
        }
        result.profiles = CoverageCollector.profiles(in: OutputLayout.profiles(inRun: context.runDirectory))
        return result
    }

    /// The environment every test process gets: smokerun's, then the pipeline's, then the pins.
    package func testEnvironment() -> [String: String] {
        var environment = context.environment
        for (key, value) in context.pipeline.environment { environment[key] = value }
        if let zone = context.pipeline.device.timeZone { environment["TZ"] = zone }
        if let locale = context.pipeline.device.locale { environment["LANG"] = locale.contains(".") ? locale : locale + ".UTF-8" }
        // %p (pid) and %m (binary signature): no two processes ever write the same profile.
        environment["LLVM_PROFILE_FILE"] = context.runDirectory.appendingPathComponent("profiles/%p-%m.profraw").path
        environment["NSUnbufferedIO"] = "YES"
        // A folder of this run's own that tests may leave files in (a retry sees what the first attempt left).
        environment[Self.scratchVariable] = context.runDirectory.appendingPathComponent(Self.scratchFolderName).path
        return environment
    }

    /// The variable naming the run's scratch folder, `<run>/scratch`, which exists before any test starts.
    package static let scratchVariable = "SMOKERUN_SCRATCH_DIR"
    package static let scratchFolderName = "scratch"

    private func listTests(binary: URL, packageRoot: URL) throws -> [TestCase] {
        var environment = testEnvironment()
        environment["LLVM_PROFILE_FILE"] = "/dev/null"
        // Both frameworks list at once: two short processes, one wait.
        let listSwiftTesting = BlockingWork.start { [context, environment] in
            try context.runner.run(
                binary.path, ["--testing-library", "swift-testing", "--list-tests"], environment: environment, currentDirectory: packageRoot)
        }
        let xctest = try context.runner.run(binary.path, ["--list-tests"], environment: environment, currentDirectory: packageRoot)
        let swiftTesting = try listSwiftTesting()
        guard xctest.exitStatus == 0 else {
            throw CommandError(executable: binary.path, arguments: ["--list-tests"], result: xctest)
        }
        let swiftTestingIDs = swiftTesting.exitStatus == 0 ? TestDiscovery.swiftTestingIDs(fromListing: swiftTesting.outputText) : []
        return TestDiscovery.xctestIDs(fromListing: xctest.outputText) + swiftTestingIDs
    }

    private func execute(_ batches: [TestBatch], total: Int, binary: URL, packageRoot: URL, into result: inout DriverResult) throws {
        var runner = BatchRunner(binary: binary, packageRoot: packageRoot, environment: testEnvironment(),
                                 limits: context.limits, console: context.console)
        let progress = context.progress
        nonisolated(unsafe) var finished = 0
        // Each retry adds one to the count, so the line never reads [13/11].
        nonisolated(unsafe) var expected = total
        runner.onTestFinished = { test in
            finished += 1
            progress(test, finished, max(expected, finished))
        }
        try FileManager.default.createDirectory(
            at: context.runDirectory.appendingPathComponent(Self.scratchFolderName), withIntermediateDirectories: true)
        let events = context.runDirectory.appendingPathComponent("events")
        var processIndex = 0
        func runOnce(_ batch: TestBatch) throws -> BatchOutcome {
            processIndex += 1
            let stream = batch.framework == .swiftTesting ? events.appendingPathComponent("process-\(processIndex).jsonl") : nil
            if stream != nil { try FileManager.default.createDirectory(at: events, withIntermediateDirectories: true) }
            return try runner.run(batch, eventStream: stream)
        }

        var queue = batches
        var firstAttempts: [TestResult] = []
        var stopped: StopReason?
        // Bounded: every pass either finishes a batch or removes at least one test from it.
        var passes = 0
        while !queue.isEmpty, stopped == nil, passes < total * 2 + batches.count {
            passes += 1
            let batch = queue.removeFirst()
            let outcome = try runOnce(batch)
            firstAttempts += outcome.results
            result.attachments += outcome.attachments
            result.unrecognizedLines += outcome.unrecognizedLines
            result.errors += outcome.problems.map { InfrastructureError(message: $0) }
            stopped = outcome.stopReason
            guard !outcome.notStarted.isEmpty, stopped == nil else { continue }
            if outcome.results.isEmpty {
                // The process died before any test started: report it once, do not loop.
                for test in outcome.notStarted {
                    let failure = TestFailure(message: "the test process ended (\(outcome.termination.description)) before this test started")
                    firstAttempts.append(Self.result(for: test, status: .crashed, failure: failure))
                }
                continue
            }
            // A crash cut the batch short: the rest runs in a new process, next.
            context.console.note("re-running \(outcome.notStarted.count) tests that had not started when the process ended (\(outcome.termination.description))")
            queue.insert(TestBatch(framework: batch.framework, tests: outcome.notStarted), at: 0)
        }

        var tests = firstAttempts
        let retries = context.pipeline.retries.failed
        if retries > 0, stopped == nil {
            for index in tests.indices where tests[index].status.isFailure {
                let framework = tests[index].framework
                var attempts: [TestResult] = []
                for _ in 0..<retries {
                    context.status("retrying \(tests[index].id)…")
                    expected += 1
                    let outcome = try runOnce(TestBatch(framework: framework, tests: [TestCase(id: tests[index].id, framework: framework)]))
                    result.attachments += outcome.attachments
                    result.errors += outcome.problems.map { InfrastructureError(message: $0) }
                    stopped = outcome.stopReason
                    guard let attempt = outcome.results.first(where: { $0.id == tests[index].id }) else { break }
                    attempts.append(attempt)
                    if !attempt.status.isFailure || stopped != nil { break }
                }
                tests[index] = AttemptMerger.merge(first: tests[index], retries: attempts)
                if stopped != nil { break }
            }
        }
        for index in tests.indices { tests[index].order = index + 1 }
        result.tests = tests

        switch stopped {
        case .cancelled?:
            result.interrupted = true
        case .runTimedOut?:
            let ran = Set(tests.map(\.id))
            let missing = batches.flatMap(\.tests).filter { !ran.contains($0.id) }
            result.errors.append(InfrastructureError(
                message: "the run reached timeouts.runSeconds (\(BatchRunner.seconds(context.pipeline.timeouts.runSeconds))); \(missing.count) tests did not run",
                details: missing.prefix(50).map(\.id)))
        case .testTimedOut?, nil:
            break
        }
    }

    static func result(for test: TestCase, status: TestStatus, failure: TestFailure) -> TestResult {
        let (suite, name) = Self.split(test.id)
        return TestResult(id: test.id, name: name, suite: suite, framework: test.framework, status: status, failures: [failure])
    }

    /// `Module.Class/method` → (`Class`, `method`).
    static func split(_ id: String) -> (suite: String, name: String) {
        guard let slash = id.firstIndex(of: "/") else { return (id, id) }
        let owner = id[..<slash]
        let suite = owner.split(separator: ".").last.map(String.init) ?? String(owner)
        return (suite, String(id[id.index(after: slash)...]))
    }
}
