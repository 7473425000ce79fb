import Foundation
import SmokeCore

/// Runs a SwiftPM package's tests: build once, list, run shuffled batches, re-run crashes' leftovers, retry failures.
struct SwiftPMTestRun {
    var settings: SwiftPMSettings
    var context: RunContext

    func run() -> DriverResult {
        let pipeline = context.pipeline
        let packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
        // The zone and locale the tests see, and what the report records of their environment.
        let environment = testEnvironment(runFolder: context.runFolder)
        var result = DriverResult(device: HostDevice.resolve(pipeline.device, environment: environment))
        result.testEnvironment = SwiftPMTestEnvironment.recorded(environment, pipeline: pipeline)
        do {
            let built = try buildTestsTakingTurn()
            // Held until coverage has read the binary (RunFinisher), or released with the result.
            result.releaseTestBinaries = { built.turn.end() }
            result.toolchain = built.toolchain.info
            let binary = built.binary
            result.testBinaries = [binary]
            let listing = try listTests(binary: binary, packageRoot: packageRoot)
            if case .xctestListing(let evidence) = listing.swiftTestingListing {
                context.console.note(Self.entryPointNote(evidence: evidence, packageRoot: packageRoot))
                // Its own main runs the tests in the order it chooses (a LinuxMain may shuffle them).
                let entryPoint = Self.entryPoint(packageRoot: packageRoot)
                result.orderDecidedBy = entryPoint
                if let seed = context.seed {
                    let decider = "the test binary's entry point, \(entryPoint),"
                    context.status(ReplayCommand.notControlledNote(seed: seed, decider: decider))
                }
            }
            let discovered = listing.tests
            guard
                let plan = context.plan(
                    discovered, selection: .patterns(filter: settings.filter, skip: settings.skip),
                    listedBy: "found in \(binary.lastPathComponent)", into: &result)
            else { return result }
            let stray = StrayProfile(
                packageRoot: packageRoot,
                holdingTheUsersIn: context.pipeline.scratchDirectory(
                    for: settings, currentDirectory: context.currentDirectory))
            if let note = stray.note {
                result.errors.append(InfrastructureError(message: note, severity: .note))
            }
            defer {
                if let note = stray.collect(into: context.runFolder.profiles) {
                    result.errors.append(InfrastructureError(message: note, severity: .note))
                }
                stray.restore()
            }
            try runTests(plan, binary: binary, toolchain: built.toolchain, packageRoot: packageRoot, into: &result)
        } catch let error as BuildFailure {
            result.errors.append(error.record)
        } catch {
            result.errors.append(InfrastructureError(message: error.localizedDescription))
        }
        result.profiles = CoverageCollector.profiles(in: context.runFolder.profiles)
        result.reconciliation = Reconciliation.compare(
            result.consoleTotals.counts(from: RunDirectory.consoleLogName),
            with: result.tests + result.earlierTestsRechecked, runFailures: result.issuesOutsideTests,
            partlyClosedInputs: Dictionary(
                uniqueKeysWithValues: result.consoleTotals.partlyClosedFrameworks.map {
                    ($0.rawValue, [RunDirectory.consoleLogName])
                }))
        return result
    }

    /// `buildTests` in the build folder's turn (`BuildFolderTurn`): shared from here, exclusive while `swift build`
    /// runs; the caller holds the turn while it tests (shared with `bisect`).
    func buildTestsTakingTurn() throws -> (binary: URL, toolchain: SwiftToolchain, turn: BuildFolderTurn) {
        let scratch = context.pipeline.scratchDirectory(for: settings, currentDirectory: context.currentDirectory)
        let turn = try BuildFolderTurn(scratch: POSIXFile.physical(scratch), context: context)
        let built = try buildTests(beforeBuilding: turn.startBuilding)
        try turn.startTesting(built.binary)
        return (built.binary, built.toolchain, turn)
    }

    /// Locates `swift`, builds the tests, then checks the toolchain pin before any test starts.
    /// `beforeBuilding` runs when the build is not up to date, before `swift build`.
    func buildTests(beforeBuilding: () throws -> Void = {}) throws -> (binary: URL, toolchain: SwiftToolchain) {
        let (pipeline, currentDirectory, environment) = (
            context.pipeline, context.currentDirectory, context.environment
        )
        let (runner, limits, console) = (context.runner, context.limits, context.console)
        let swift = try SwiftToolchain.locate(environment: environment)
        // Both physical: `swift build` starts in the package's real folder, and a module cache holding one package
        // under two spellings (a link and its target) fails every later build.
        let packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: currentDirectory)
        let scratch = pipeline.scratchDirectory(for: settings, currentDirectory: currentDirectory)
        var build = SwiftPMBuild(
            swift: swift, packageRoot: POSIXFile.physical(packageRoot), scratchPath: POSIXFile.physical(scratch),
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
            try beforeBuilding()
        }
        // "building …" only once swift build compiles something.
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
        // Checked before a failed build's error: a wrong toolchain may be why it failed. After a build, the version
        // its compiler recorded spares a `swift --version`.
        let toolchain =
            try (try? built.get()).flatMap { SwiftToolchain.recorded(swift, binFolder: $0.deletingLastPathComponent()) }
            ?? SwiftToolchain.identify(swift, environment: environment, runner: runner)
        try HostDevice.check(pipeline.device, toolchain: toolchain)
        let binary = try built.get()
        if let key { build.record(key, binary: binary, swiftVersion: toolchain.version) }
        return (binary, toolchain)
    }

    /// The test phase: one worker or `context.workers`, each with its own scratch folder and profile pattern.
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

    /// `<run>/scratch`, or `<run>/scratch/worker-N` in a parallel run: no two running test processes share one.
    private func scratchFolder(worker: Int?) -> URL {
        context.runFolder.scratch(worker: worker)
    }

    /// A test process's environment (`SwiftPMTestEnvironment`); workers change the scratch folder and profiles.
    func testEnvironment(runFolder: RunDirectory) -> [String: String] {
        SwiftPMTestEnvironment.variables(
            context.pipeline, inherited: context.environment, scratch: runFolder.scratch(worker: nil).path,
            profilePattern: runFolder.profilePattern(worker: nil))
    }

    static let scratchVariable = SwiftPMTestEnvironment.scratchVariable

    /// The binary's tests: the listing recorded for this binary (same stat), else both frameworks' `--list-tests`.
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
        // while it was listed.
        if let stamp, [0, 69].contains(swiftTesting.exitStatus), stamp == BuildInputScan.stamp(binary.path)?.stamp,
            let data = try? JSONEncoder().encode(listing)
        {
            try? AtomicFile.write(data, to: record)
        }
        return listing
    }

    static func entryPoint(packageRoot: URL) -> String {
        let linuxMain = FileManager.default.fileExists(
            atPath: packageRoot.appendingPathComponent("Tests/LinuxMain.swift").path)
        return linuxMain
            ? "Tests/LinuxMain.swift (XCTMain)" : "a main of its own (such as XCTMain in a Tests/LinuxMain.swift)"
    }

    /// Why a binary may not list its tests: a `Tests/LinuxMain.swift` main that is not XCTest's (Spectre, Quick)
    /// refuses `--list-tests`; nil without one.
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

    static func entryPointNote(evidence: String, packageRoot: URL) -> String {
        let entryPoint = entryPoint(packageRoot: packageRoot)
        return """
            swift-testing: the test binary answered --testing-library swift-testing --list-tests with XCTest's listing \
            (\(evidence)): its entry point, \(entryPoint), ignores --testing-library and runs XCTest only, as swift \
            test does. Its XCTest tests run as XCTest; there are no Swift Testing tests to run.
            """
    }
}
