import Foundation
import SmokeCore

/// `smokerun doctor`: checks a pipeline end to end without running its tests; every check goes through
/// `DoctorProbes`.
package struct Doctor: Sendable {
    package struct Options: Sendable {
        package var build = true
        /// `--send-test`: post a test message to the webhook.
        package var sendTest = false
        package var buildSeconds: TimeInterval = 1800
        package var fireTimes = 3

        package init() {}
    }

    var probes: DoctorProbes
    var options: Options
    var drivers: TestDrivers

    package init(probes: DoctorProbes = .live, options: Options = Options(), drivers: TestDrivers = .standard) {
        self.probes = probes
        self.options = options
        self.drivers = drivers
    }

    /// Runs every check in order, handing each line to `report` as soon as it is known (a build takes minutes).
    package func check(
        pipelineFile: URL, shown: String, environment: [String: String], currentDirectory: URL,
        displayPath: @Sendable (URL) -> String = { $0.path }, note: @escaping @Sendable (String) -> Void = { _ in },
        report: (DoctorCheck) -> Void
    ) async -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        func add(_ check: DoctorCheck) {
            checks.append(check)
            report(check)
        }
        let pipeline: Pipeline
        do {
            pipeline = try probes.loadPipeline(pipelineFile, shown)
            add(.passed("pipeline", "\(shown) loads (\(pipeline.name), \(drivers.make(for: pipeline).name))"))
        } catch {
            let fix =
                probes.pipelineExists(pipelineFile)
                ? "correct \(shown) as the message says"
                : "run `smokerun init` in the project folder to write it, or name another pipeline: smokerun doctor FILE"
            add(.failed("pipeline", FileErrorText.message(for: error), fix: fix))
            return checks
        }
        for override in pipeline.environmentOverrides {
            add(.warning("environment", override.message, fix: override.fix))
        }
        let place = DoctorProbes.Place(environment: environment, currentDirectory: currentDirectory, note: note)
        let output = pipeline.resolve(pipeline.output, currentDirectory: currentDirectory)
        let envFile = OutputLayout(root: output).environmentFile
        // The file's variables reach the notifier only, as in a run: never the toolchain or the tests.
        var notifyPlace = place
        let (fileCheck, fileNames) = environmentFile(
            envFile, shown: displayPath(envFile), allowing: RequiredVariable.fileVariables(of: pipeline.notify),
            place: &notifyPlace)
        add(fileCheck)
        for check in toolchain(pipeline, place: place) { add(check) }
        add(schedule(pipeline))
        let notify = await notifications(
            pipeline, fileNames: fileNames, file: displayPath(envFile), environment: environment, place: notifyPlace)
        for check in notify {
            add(check)
        }
        add(simulators(pipeline, place: place))
        add(writable(output, shown: displayPath(output)))
        add(installed(pipeline, file: pipelineFile.path, shown: shown, place: place))
        return checks
    }

    /// `<output>/env`: optional, but when it is there it must be usable; its variables join the environment.
    func environmentFile(_ file: URL, shown: String, allowing: Set<String>, place: inout DoctorProbes.Place)
        -> (DoctorCheck, Set<String>)
    {
        do {
            let loaded = try probes.environmentFileReader.load(
                file, displayPath: shown, into: place.environment, allowing: allowing)
            if let refusal = loaded.refusal {
                return (.failed("environment file", refusal.localizedDescription, fix: Self.fix(refusal, shown)), [])
            }
            place.environment = loaded.environment
            guard let parsed = try probes.environmentFileReader.read(file, displayPath: shown) else {
                return (.passed("environment file", "\(shown) is not there (optional: secrets go there)"), [])
            }
            let names = parsed.entries.map(\.name)
            let list = names.isEmpty ? "no variables" : names.joined(separator: ", ")
            return (.passed("environment file", "\(shown): \(list) (mode 600, yours)"), Set(names))
        } catch {
            return (.failed("environment file", error.localizedDescription, fix: Self.fix(error, shown)), [])
        }
    }

    static func fix(_ error: EnvironmentFileError, _ shown: String) -> String {
        switch error {
        case .exposed: "chmod 600 \(shown)"
        case .malformed: "edit that line of \(shown): NAME=value, a blank line or a # comment"
        default: "make \(shown) a regular file of yours with mode 600 (see the message)"
        }
    }

    /// `swift` as a run finds it; with coverage, the toolchain's own llvm tools; then the build.
    func toolchain(_ pipeline: Pipeline, place: DoctorProbes.Place) -> [DoctorCheck] {
        let driver = drivers.make(for: pipeline)
        if driver.doctorChecks.needsMacOS, !probes.isMacOS {
            return [
                .skipped("toolchain", "\(driver.name) pipelines build and run on macOS with Xcode; check them there")
            ]
        }
        var checks: [DoctorCheck] = []
        if driver.doctorChecks.swiftToolchain {
            do {
                let swift = try probes.locateSwift(place.environment)
                let resolved = ExecutableLocator.resolved(swift).path
                let via = place.environment["SMOKERUN_SWIFT"].map { _ in "SMOKERUN_SWIFT" } ?? "PATH"
                checks.append(
                    .passed(
                        "toolchain", "swift: \(swift.path)\(resolved == swift.path ? "" : " → \(resolved)") (\(via))"))
                // A pinned version is checked as a run checks it, before any test: a run would refuse this toolchain.
                if pipeline.devices.contains(where: { $0.swift != nil }) {
                    let toolchain = try probes.identifySwift(swift, place.environment)
                    for profile in pipeline.devices { try HostDevice.check(profile, toolchain: toolchain) }
                }
            } catch {
                checks.append(
                    .failed(
                        "toolchain", error.localizedDescription,
                        fix: "install a Swift toolchain, or set SMOKERUN_SWIFT to its swift binary"))
                return checks
            }
        }
        if pipeline.coverage.enabled {
            do {
                let tools = try probes.coverageTools(driver, place)
                checks.append(.passed("coverage tools", tools.map(\.path).joined(separator: ", ")))
            } catch {
                checks.append(
                    .failed(
                        "coverage tools", error.localizedDescription,
                        fix: "use a toolchain that ships llvm-cov and llvm-profdata, or set coverage.enabled to false"))
            }
        }
        guard options.build else {
            checks.append(.skipped("build", "--no-build"))
            return checks
        }
        do {
            checks.append(
                .passed("build", try probes.build(pipeline, driver.testBinaryPackage, place, options.buildSeconds)))
        } catch {
            checks.append(
                .failed(
                    "build", error.localizedDescription,
                    fix: "fix the errors above (`smokerun run` would stop at the same place, exit 3)"))
        }
        return checks
    }

    func schedule(_ pipeline: Pipeline) -> DoctorCheck {
        let cron: CronExpression
        do {
            cron = try CronExpression(pipeline.schedule)
        } catch {
            return .failed("schedule", error.localizedDescription, fix: "correct \"schedule\" (five cron fields)")
        }
        guard let zone = TimeZone(identifier: pipeline.timeZone) else {
            return .failed(
                "schedule", "timeZone '\(pipeline.timeZone)' is not an IANA time zone name",
                fix: "set \"timeZone\" to a name such as \"Europe/Berlin\" or \"UTC\"")
        }
        let dates = cron.fireDates(from: probes.now(), count: options.fireTimes, in: zone)
        guard !dates.isEmpty else {
            return .failed("schedule", "'\(cron.source)' never fires", fix: "correct \"schedule\"")
        }
        let next = dates.map { FireTimeFormat.local($0, in: zone) }.joined(separator: ", ")
        return .passed("schedule", "'\(cron.source)' in \(pipeline.timeZone); next: \(next)")
    }
}
