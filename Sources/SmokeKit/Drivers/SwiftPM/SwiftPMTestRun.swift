import Foundation
import SmokeCore

/// Runs a SwiftPM package's tests (Documentation/Design.md §6–§7): build once, list the tests, run them in
/// shuffled batches of separate processes, re-run what a crash cut short, retry failures.
struct SwiftPMTestRun {
    var settings: SwiftPMSettings
    var context: RunContext

    init(settings: SwiftPMSettings, context: RunContext) {
        self.settings = settings
        self.context = context
    }

    func run() -> DriverResult {
        let pipeline = context.pipeline
        let packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
        var result = DriverResult(device: HostDevice.resolve(pipeline.device, environment: context.environment))
        do {
            let built = try buildTests()
            result.toolchain = built.toolchain.info
            let binary = built.binary
            result.testBinaries = [binary]
            let listing = try listTests(binary: binary, packageRoot: packageRoot)
            if case .xctestListing(let evidence) = listing.swiftTestingListing {
                context.console.note(Self.entryPointNote(evidence: evidence, packageRoot: packageRoot))
                // Its own main runs the tests in the order it chooses (a LinuxMain may shuffle them): said once.
                let entryPoint = Self.entryPoint(packageRoot: packageRoot)
                result.orderDecidedBy = entryPoint
                let seed = context.seed.map { "seed \($0) chose the batches, but " } ?? ""
                context.status(
                    "order: \(seed)the test binary's entry point, \(entryPoint), decides the order inside them; a replay runs the same tests, maybe in another order (report.json: orderControlled false)"
                )
            }
            let discovered = listing.tests
            guard
                let plan = context.plan(
                    discovered, selection: .patterns(filter: settings.filter, skip: settings.skip),
                    listedBy: "found in \(binary.lastPathComponent)", into: &result)
            else { return result }
            let stray = StrayProfile(packageRoot: packageRoot)
            defer {
                if let note = stray.collect(into: context.runFolder.profiles) {
                    result.errors.append(InfrastructureError(message: note, severity: .note))
                }
            }
            try runTests(plan, binary: binary, toolchain: built.toolchain, packageRoot: packageRoot, into: &result)
        } catch let error as BuildFailure {
            result.errors.append(error.record)
        } catch {
            result.errors.append(InfrastructureError(message: error.localizedDescription))
        }
        result.profiles = CoverageCollector.profiles(in: context.runFolder.profiles)
        // The results were read from the console: checked against what the frameworks said in it.
        result.reconciliation = Reconciliation.compare(
            result.consoleTotals.counts(from: RunDirectory.consoleLogName), with: result.tests)
        return result
    }

    /// The build step `run` and `bisect` share: locate `swift`, build the tests, read its version (recorded by
    /// the build, else `swift --version`), then check the pipeline's toolchain pin before any test starts.
    func buildTests() throws -> (binary: URL, toolchain: SwiftToolchain) {
        let (pipeline, currentDirectory, environment) = (
            context.pipeline, context.currentDirectory, context.environment
        )
        let (runner, limits, console) = (context.runner, context.limits, context.console)
        let swift = try SwiftToolchain.locate(environment: environment)
        var build = SwiftPMBuild(
            swift: swift, packageRoot: pipeline.resolve(settings.packagePath, currentDirectory: currentDirectory),
            scratchPath: pipeline.scratchDirectory(for: settings, currentDirectory: currentDirectory),
            configuration: settings.configuration,
            coverage: pipeline.coverage.enabled, environment: environment, console: console)
        build.processes = context.processes
        build.excluded = [pipeline.resolve(pipeline.output, currentDirectory: currentDirectory)]
        let key: BuildStamp.Key?
        switch build.check() {
        case .fresh(let binary, let version, let inputCount):
            console.note(
                "build up to date (\(inputCount) files and folders unchanged since the last build): skipped swift build"
            )
            context.status("build up to date (\(inputCount) files and folders unchanged since the last build)")
            let toolchain = SwiftToolchain(swift: swift, version: version)
            try HostDevice.check(pipeline.device, toolchain: toolchain)
            return (binary, toolchain)
        case .stale(let stale):
            key = stale
        }
        // "building …" only once swift build compiles something; a build with nothing to compile is up to date.
        var compiled = false
        let name = build.packageRoot.lastPathComponent
        let built = Result {
            try build.buildTests(
                limits: limits,
                onCompiling: {
                    compiled = true
                    context.phase(.started("building \(name) (\(settings.configuration))"))
                },
                onLine: { line in
                    if compiled, let step = PhaseLine.step(in: line) { context.phase(.step(step)) }
                })
        }
        if compiled { context.phase(.ended) }
        if case .success = built, !compiled { context.status("build up to date (swift build compiled nothing)") }
        // The version is checked before any test starts (and before a failed build's error: a wrong toolchain may
        // be why it failed). After a build, the one its compiler recorded saves a `swift --version`.
        let toolchain =
            try (try? built.get()).flatMap { SwiftToolchain.recorded(swift, binFolder: $0.deletingLastPathComponent()) }
            ?? SwiftToolchain.identify(swift, environment: environment, runner: runner)
        try HostDevice.check(pipeline.device, toolchain: toolchain)
        let binary = try built.get()
        if let key { build.record(key, binary: binary, swiftVersion: toolchain.version) }
        return (binary, toolchain)
    }

    /// The test phase: one worker, or `context.workers` at once, each with its own scratch folder and
    /// profile pattern (coverage merges every profile in `profiles/`).
    private func runTests(
        _ plan: TestPhasePlan, binary: URL, toolchain: SwiftToolchain, packageRoot: URL, into result: inout DriverResult
    ) throws {
        let context = context
        let parallel = context.workers > 1
        let environment = testEnvironment(runFolder: context.runFolder)
        let events = context.runFolder.events
        for worker in 1...(parallel ? context.workers : 1) {
            try FileManager.default.createDirectory(
                at: scratchFolder(worker: parallel ? worker : nil), withIntermediateDirectories: true)
        }
        let makeExecutor: @Sendable (Int) -> SwiftPMBatchExecutor = { worker in
            var environment = environment
            if parallel {
                environment[Self.scratchVariable] = scratchFolder(worker: worker).path
                environment["LLVM_PROFILE_FILE"] = context.runFolder.profilePattern(worker: worker)
            }
            var runner = BatchRunner(
                binary: binary, packageRoot: packageRoot, environment: environment,
                limits: context.limits, console: context.console)
            runner.processes = context.processes
            runner.eventStreamVersion = TestProcessLaunch.eventStreamVersion(swiftVersion: toolchain.versionNumber)
            return SwiftPMBatchExecutor(runner: runner, eventsDirectory: events, worker: parallel ? worker : nil)
        }
        let durations = parallel ? context.durations(plan.selected.map(\.id)) : [:]
        try context.testPhase().run(
            plan, workers: context.workers, durations: durations, makeExecutor: makeExecutor, into: &result)
    }

    /// `<run>/scratch`, or `<run>/scratch/worker-N` for worker N of a parallel run: no two test processes
    /// running at once share one.
    private func scratchFolder(worker: Int?) -> URL {
        context.runFolder.scratch(worker: worker)
    }

    /// The environment every test process gets: smokerun's, then the pipeline's, then the pins.
    func testEnvironment(runFolder: RunDirectory) -> [String: String] {
        var environment = context.environment
        for (key, value) in context.pipeline.environment { environment[key] = value }
        if let zone = context.pipeline.device.timeZone { environment["TZ"] = zone }
        if let locale = context.pipeline.device.locale {
            environment["LANG"] = locale.contains(".") ? locale : locale + ".UTF-8"
        }
        // %p (pid) and %m (binary signature): no two processes ever write the same profile.
        environment["LLVM_PROFILE_FILE"] = runFolder.profilePattern(worker: nil)
        environment["NSUnbufferedIO"] = "YES"
        // A folder of this run's own that tests may leave files in (a retry sees what the first attempt left).
        environment[Self.scratchVariable] = runFolder.scratch(worker: nil).path
        return environment
    }

    /// The variable naming the run's scratch folder, `<run>/scratch`, which exists before any test starts.
    static let scratchVariable = "SMOKERUN_SCRATCH_DIR"

    /// The binary's tests: from the listing recorded for this very binary (same stat) when there is one,
    /// else both frameworks' `--list-tests`, recorded for the next run.
    private func listTests(binary: URL, packageRoot: URL) throws -> TestListCache {
        let record = context.pipeline.scratchDirectory(for: settings, currentDirectory: context.currentDirectory)
            .appendingPathComponent(TestListCache.fileName)
        let stamp = BuildInputScan.stamp(binary.path)?.stamp
        if let data = try? Data(contentsOf: record),
            let cached = try? JSONDecoder().decode(TestListCache.self, from: data),
            cached.holds(for: binary.path, stamp: stamp)
        {
            return cached
        }
        var environment = testEnvironment(runFolder: context.runFolder)
        environment["LLVM_PROFILE_FILE"] = "/dev/null"
        // Both frameworks list at once: two short processes, one wait.
        let listSwiftTesting = BlockingWork.start { [context, environment] in
            try context.runner.run(
                binary.path, ["--testing-library", "swift-testing", "--list-tests"], environment: environment,
                currentDirectory: packageRoot)
        }
        let xctest = try context.runner.run(
            binary.path, ["--list-tests"], environment: environment, currentDirectory: packageRoot)
        let swiftTesting = try listSwiftTesting()
        guard xctest.exitStatus == 0 else {
            var error = CommandError(executable: binary.path, arguments: ["--list-tests"], result: xctest)
            if let note = Self.customMainNote(packageRoot: packageRoot) { error.reason += "\n" + note }
            throw error
        }
        let listing = TestListCache(
            binary: binary.path, binaryStamp: stamp ?? FileStamp(modifiedNanoseconds: 0, size: -1, inode: 0),
            xctest: xctest.outputText, swiftTesting: swiftTesting.exitStatus == 0 ? swiftTesting.outputText : "")
        // Recorded only when Swift Testing answered for sure (0, or 69: no tests) and the binary did not change
        // while it was listed; a record that cannot be written costs the next run a listing.
        if let stamp, [0, 69].contains(swiftTesting.exitStatus), stamp == BuildInputScan.stamp(binary.path)?.stamp,
            let data = try? JSONEncoder().encode(listing)
        {
            try? AtomicFile.write(data, to: record)
        }
        return listing
    }

    /// The entry point of a test binary that answered for XCTest alone: the package's `Tests/LinuxMain.swift`
    /// when it has one.
    static func entryPoint(packageRoot: URL) -> String {
        let linuxMain = FileManager.default.fileExists(
            atPath: packageRoot.appendingPathComponent("Tests/LinuxMain.swift").path)
        return linuxMain
            ? "Tests/LinuxMain.swift (XCTMain)" : "a main of its own (such as XCTMain in a Tests/LinuxMain.swift)"
    }

    /// Why a test binary may not list its tests: the package's own `Tests/LinuxMain.swift` is its main, and a main
    /// that is not XCTest's (a Spectre or Quick runner) refuses `--list-tests`; nil without one.
    static func customMainNote(packageRoot: URL) -> String? {
        let linuxMain = packageRoot.appendingPathComponent("Tests/LinuxMain.swift")
        guard FileManager.default.fileExists(atPath: linuxMain.path) else { return nil }
        return """
            The test binary's main is the package's Tests/LinuxMain.swift, not XCTest's: smokerun lists the tests and \
            runs them suite by suite, which needs XCTest's --list-tests. If Tests/LinuxMain.swift only calls XCTMain, \
            move it out of the package (SwiftPM finds the tests itself since Swift 5.4); if it runs another test \
            runner, run this package with swift test instead.
            """
    }

    /// Why no Swift Testing test runs: the binary's entry point answered for XCTest. Names the package's
    /// `Tests/LinuxMain.swift` when it has one (older packages' `XCTMain`).
    static func entryPointNote(evidence: String, packageRoot: URL) -> String {
        let entryPoint = entryPoint(packageRoot: packageRoot)
        return """
            swift-testing: the test binary answered --testing-library swift-testing --list-tests with XCTest's listing \
            (\(evidence)): its entry point, \(entryPoint), ignores --testing-library and runs XCTest only, as swift \
            test does. Its XCTest tests run as XCTest; there are no Swift Testing tests to run.
            """
    }
}
