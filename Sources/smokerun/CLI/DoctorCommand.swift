import Foundation
import SmokeCore
import SmokeKit

/// `smokerun doctor [PIPELINE] [--no-build] [--send-test]`: checks a pipeline end to end without running tests.
struct DoctorCommand: Command {
    static let name = "doctor"
    static let summary =
        "check a pipeline end to end (toolchain, build, schedule, webhook, output) without running tests"
    static let help = """
        Usage: smokerun doctor [PIPELINE] [--no-build] [--send-test] [--build-seconds N]

        Checks, one line each (✔ or ✘ with the fix): the pipeline loads; <output>/env is usable
        (yours, mode 600, KEY=VALUE lines); `swift` is found as `run` finds it (SMOKERUN_SWIFT,
        else PATH) and, with coverage, its own llvm-cov and llvm-profdata; the package builds
        (swift build --build-tests, into smokerun's own scratch folder); the schedule's next 3
        fire times; the variables notifications need are set, in the environment or in
        <output>/env (names and the webhook's host only, never a value); the simulator profile
        resolves (xcodebuild pipelines, macOS); the output folder is writable; an installed
        crontab line, systemd timer or launchd agent runs the pipeline. No test runs.

          PIPELINE            pipeline file (default: Pipelines/smoke.json of the project found upward)
          --no-build          skip the build
          --send-test         post a test message to the webhook through the notifier
          --build-seconds N   stop the build after N seconds (default 1800)

        Exit status: 0 every check passed, 5 a check failed, 2 bad arguments.

        """

    private var file: String?
    private var options = Doctor.Options()
    private var probes: DoctorProbes

    init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, probes: .live)
    }

    init(arguments: [String], probes: DoctorProbes) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["build-seconds"], flags: ["no-build", "send-test"])
        guard parsed.positionals.count <= 1 else {
            throw UsageError("doctor takes one pipeline file, not \(parsed.positionals.count)")
        }
        file = parsed.positionals.first
        options.build = !parsed.flag("no-build")
        options.sendTest = parsed.flag("send-test")
        if let seconds = try parsed.integer("build-seconds") {
            guard (1...86_400).contains(seconds) else { throw UsageError("--build-seconds takes 1 to 86400") }
            options.buildSeconds = TimeInterval(seconds)
        }
        self.probes = probes
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let (url, shown) = ProjectLocator.pipeline(file, in: context)
        let out = context.standardOutput
        out.line("smokerun doctor: \(shown)")
        let root = context.currentDirectory.path
        let checks = await Doctor(probes: probes, options: options, drivers: context.drivers).check(
            pipelineFile: url, shown: shown, environment: context.environment,
            currentDirectory: context.currentDirectory,
            displayPath: { $0.path.hasPrefix(root + "/") ? String($0.path.dropFirst(root.count + 1)) : $0.path },
            note: { out.line("  \($0)") },
            report: { check in
                for line in DoctorCheck.lines([check]) { out.line(line) }
            })
        out.line(DoctorCheck.summary(checks))
        return checks.contains { $0.outcome == .failed } ? .checkFailed : .passed
    }
}
