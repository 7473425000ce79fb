import Foundation
import SmokeCore

/// Runs an Xcode scheme's tests on the pinned simulator: prepare it, `build-for-testing` once, list the tests, then
/// the shared `TestPhase`.
struct XcodebuildDeviceRun {
    var settings: XcodebuildSettings
    var context: RunContext
    var reader: any ResultBundleReading

    init(settings: XcodebuildSettings, context: RunContext, reader: any ResultBundleReading) {
        self.settings = settings
        self.context = context
        self.reader = reader
    }

    var deviceFolder: String?

    var workDirectory: URL {
        context.runFolder.xcodebuild(device: deviceFolder)
    }

    /// The pipeline's derived data folder, else one per pipeline beside the runs, so incremental builds stay fast.
    func derivedData() -> URL {
        let folder: URL
        if let path = settings.derivedDataPath {
            folder = context.pipeline.resolve(path, currentDirectory: context.currentDirectory)
        } else {
            let output = context.runFolder.outputDirectory
            folder = OutputLayout(root: output).derivedData(pipelineName: context.pipeline.name)
        }
        return deviceFolder.map { folder.appendingPathComponent($0) } ?? folder
    }

    func run() -> DriverResult {
        let pipeline = context.pipeline
        let startedAt = context.limits.now()
        var result = DriverResult(
            device: ResolvedDevice(
                platform: pipeline.device.platform, name: pipeline.device.name,
                runtime: pipeline.device.runtime, locale: pipeline.device.locale))
        do {
            guard !pipeline.device.isHost else {
                throw XcodebuildError(
                    message:
                        """
                        an xcodebuild pipeline needs a simulator device profile, e.g. "device": {"platform": \
                        "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}
                        """
                )
            }
            guard let xcodebuild = ExecutableLocator.find("xcodebuild", path: context.environment["PATH"]) else {
                throw XcodebuildError(
                    message:
                        """
                        xcodebuild is not on PATH: xcodebuild pipelines run on macOS with Xcode 15 or later (select it \
                        with `xcode-select -s` or DEVELOPER_DIR)
                        """
                )
            }
            result.toolchain = try xcodeVersion(xcodebuild)
            let (console, phase, limits) = (context.console, context.phase, context.limits)
            // `simctl bootstatus -b` waits for ever on a device that cannot finish booting: bounded by the run.
            let provisioner = SimulatorProvisioner(
                runner: context.runner.bounded(by: limits.stopText), environment: context.environment)
            var simulator = try provisioner.plan(pipeline.device)
            // Held until the tests end: another run on the device this profile resolves to (however spelled) would
            // shut it down and erase it under them. After a wait, what that run left (the device it made) is listed.
            let (deviceLock, waited) = try lockDevice(simulator)
            defer { deviceLock?.release() }
            if waited { simulator = try provisioner.plan(pipeline.device) }
            context.phase(.started("preparing the \(pipeline.device.name ?? pipeline.device.udid ?? "") simulator"))
            let prepared = Result {
                try provisioner.carryOut(simulator) { step in
                    console.note(step)
                    phase(.step(step))
                }
            }
            context.phase(.ended)
            result.device = try prepared.get()
            try FileManager.default.createDirectory(
                at: XcodebuildWorkFolder.bundles(in: workDirectory), withIntermediateDirectories: true)
            let commandLine = self.commandLine(udid: result.device.udid ?? "")
            try writeTestPlan(into: URL(fileURLWithPath: commandLine.derivedDataPath))
            let scratch = context.runFolder.scratch(worker: nil)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            // Without smokerun's own variables and the notifier's secrets, as `swift test`'s processes are.
            let environment = XcodebuildCommandLine.environment(
                base: pipeline.withoutOwnVariables(context.environment), pipeline: pipeline.environment,
                scratch: scratch.path)
            result.testEnvironment = XcodebuildCommandLine.testVariables(environment, pipeline: pipeline.environment)
            var process = XcodebuildProcess(
                executable: xcodebuild.path, environment: environment,
                currentDirectory: workingDirectory(),
                limits: context.limits, console: context.console)
            process.processes = context.processes

            context.phase(.started("building \(settings.scheme) for testing"))
            let building = Result {
                try process.run(commandLine.buildForTesting) { line in
                    if let step = PhaseLine.step(in: line) { phase(.step(step)) }
                }
            }
            context.phase(.ended)
            let build = try building.get()
            if let stop = build.stopReason {
                result.interrupted = stop == .cancelled
                if stop != .cancelled {
                    result.errors.append(
                        InfrastructureError(
                            message: "the build ran past timeouts.runSeconds",
                            command: [xcodebuild.path] + commandLine.buildForTesting))
                }
                return result
            }
            guard build.termination.succeeded else {
                result.errors.append(
                    InfrastructureError(
                        message: "xcodebuild build-for-testing failed (\(build.termination.description))",
                        command: [xcodebuild.path] + commandLine.buildForTesting,
                        exitStatus: build.exitStatus, details: build.errorLines.isEmpty ? build.tail : build.errorLines)
                )
                return result
            }
            let discovered = enumerateTests(xcodebuild: xcodebuild, commandLine: commandLine, process: process)
            guard let plan = try plan(discovered, into: &result) else { return result }
            noteOrderInsideInvocations(plan, into: &result)
            var executor = XcodebuildBatchExecutor(
                driver: self, process: process, commandLine: commandLine, xcodebuild: xcodebuild.path,
                planned: discovered == nil ? nil : Set(plan.selected.map(\.key)))
            try context.testPhase().run(plan, with: &executor, into: &result)
            if result.toolchain == nil, let version = executor.xcodeVersion {
                result.toolchain = ToolchainInfo(version: version)
            }
            result.bundles = executor.bundles
        } catch let error as XcodebuildError {
            result.errors.append(
                InfrastructureError(
                    message: error.message, command: error.command, exitStatus: error.exitStatus, details: error.details
                ))
        } catch {
            result.errors.append(InfrastructureError(message: error.localizedDescription))
        }
        if pipeline.coverage.enabled {
            let products = XcodebuildProducts(derivedData: derivedData())
            result.profiles = products.coverageProfiles(since: startedAt)
            result.testBinaries = products.binaries()
        }
        return result
    }

    /// The shared plan over the enumerated tests; nil (with the reason in `result`) when nothing runs.
    private func plan(_ discovered: [TestCase]?, into result: inout DriverResult) throws -> TestPhasePlan? {
        guard let discovered else {
            // Without a list there is nothing to split: running the whole scheme would run other shards' tests too.
            if let shard = context.shard {
                throw XcodebuildError(
                    message:
                        """
                        --shard \(shard.description) needs the scheme's test list, and this Xcode cannot \
                        -enumerate-tests (Xcode 16 or later can)
                        """
                )
            }
            return .unlisted
        }
        return context.plan(
            discovered, selection: .xcodeSelectors(only: settings.onlyTesting, skip: settings.skipTesting),
            listedBy: "listed by -enumerate-tests", into: &result)
    }

    /// xcodebuild runs an invocation's tests in its own order, whatever order `-only-testing:` names them in: unless
    /// each invocation runs one test, the seed decides only which comes first (said once; `orderControlled` false).
    private func noteOrderInsideInvocations(_ plan: TestPhasePlan, into result: inout DriverResult) {
        guard plan.batches.contains(where: { $0.tests.count != 1 }) else { return }
        result.orderDecidedBy = "xcodebuild"
        if let seed = context.seed {
            context.status(ReplayCommand.notControlledNote(seed: seed, decider: "xcodebuild"))
        }
    }

    /// Where xcodebuild runs: a Swift package's folder (xcodebuild finds the package there), else the project root.
    func workingDirectory() -> URL {
        let pipeline = context.pipeline
        if let packagePath = settings.packagePath {
            return pipeline.resolve(packagePath, currentDirectory: context.currentDirectory)
        }
        return pipeline.projectRoot(currentDirectory: context.currentDirectory)
    }

    func commandLine(udid: String) -> XcodebuildCommandLine {
        let pipeline = context.pipeline
        let container = (settings.workspace ?? settings.project).map {
            pipeline.resolve($0, currentDirectory: context.currentDirectory).path
        }
        var commandLine = XcodebuildCommandLine(
            settings: settings, container: container, derivedDataPath: derivedData().path, udid: udid,
            coverage: pipeline.coverage.enabled, testSeconds: pipeline.timeouts.testSeconds,
            language: pipeline.device.language, region: XcodebuildCommandLine.region(ofLocale: pipeline.device.locale))
        commandLine.workers = context.workers
        return commandLine
    }

    func xcodeVersion(_ xcodebuild: URL) throws -> ToolchainInfo {
        let result = try context.runner.run(
            xcodebuild.path, ["-version"], environment: context.environment, currentDirectory: nil)
        guard result.exitStatus == 0 else {
            throw CommandError(executable: xcodebuild.path, arguments: ["-version"], result: result)
        }
        return ToolchainInfo(
            version: Self.version(fromOutput: result.outputText), path: context.environment["DEVELOPER_DIR"])
    }

    /// "Xcode 16.2\nBuild version 16C5032a\n" → "Xcode 16.2 (16C5032a)".
    static func version(fromOutput text: String) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let name = lines.first { $0.hasPrefix("Xcode") } ?? lines.first ?? "Xcode (unknown version)"
        guard let build = lines.first(where: { $0.hasPrefix("Build version ") }) else { return name }
        return "\(name) (\(build.dropFirst("Build version ".count)))"
    }

    func writeTestPlan(into derivedData: URL) throws {
        let pipeline = context.pipeline
        let plan = XcodeTestPlan.render(
            environment: pipeline.environment, random: pipeline.ordering.mode == .random,
            coverage: pipeline.coverage.enabled,
            language: pipeline.device.language, region: XcodebuildCommandLine.region(ofLocale: pipeline.device.locale))
        for folder in [workDirectory, derivedData] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(plan, to: folder.appendingPathComponent(XcodeTestPlan.fileName))
        }
    }

    /// The scheme's tests from `-enumerate-tests` (Xcode 16+); nil when this Xcode cannot list them.
    func enumerateTests(xcodebuild: URL, commandLine: XcodebuildCommandLine, process: XcodebuildProcess) -> [TestCase]?
    {
        let output = XcodebuildWorkFolder.testList(in: workDirectory)

        let arguments = commandLine.enumerateTests(output: output.path)
        context.console.note("xcodebuild \(arguments.joined(separator: " "))")
        guard
            let listed = try? context.runner.run(
                xcodebuild.path, arguments, environment: process.environment, currentDirectory: process.currentDirectory
            ),
            listed.exitStatus == 0, let data = try? Data(contentsOf: output),
            let tests = try? XcodeTestEnumeration.tests(fromJSON: data), !tests.isEmpty
        else {
            context.console.note(
                "could not list the tests with -enumerate-tests; running the scheme's tests in one invocation")
            return nil
        }
        return tests
    }
}

extension XcodebuildDeviceRun {
    /// Waits for the simulator `plan` resolved while another smokerun run uses it, saying so once; whether it waited.
    fileprivate func lockDevice(_ plan: SimulatorPlan) throws -> (WaitingFileLock?, waited: Bool) {
        let url = SimulatorLock.fileURL(for: plan, environment: context.environment)
        let (console, status, limits) = (context.console, context.status, context.limits)
        var waited = false
        do {
            let lock = try WaitingFileLock.acquire(
                url, what: "the simulator another smokerun run was using", stop: limits.stopText
            ) {
                let text = "waiting for the simulator: another smokerun run is using it (\(url.path))"
                console.note(text)
                status(text)
                waited = true
            }
            return (lock, waited)
        } catch {
            throw XcodebuildError(message: error.message)
        }
    }
}

struct XcodebuildError: Error, LocalizedError {
    var message: String
    var command: [String]? = nil
    var exitStatus: Int32? = nil
    var details: [String] = []

    var errorDescription: String? { message }
}
