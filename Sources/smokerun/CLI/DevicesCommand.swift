import Foundation
import SmokeCore
import SmokeKit

/// `smokerun devices`: how a pipeline's device profile resolves, and which simulators are installed.
struct DevicesCommand: Command {
    static let name = "devices"
    static let summary = "show how a pipeline's device profile resolves and what simulators are installed"
    static let help = """
        Usage: smokerun devices [PIPELINE]

        Reads the simulators with `xcrun simctl list devices|runtimes|devicetypes -j`, shows which
        device the pipeline's "device" profile resolves to (or that it would be created), the
        simctl steps a run takes before its tests, and the installed runtimes and devices.
        Changes nothing. Without PIPELINE, Pipelines/smoke.json when it exists, else only the list.

        Exit status: 0 resolved (or only listed), 2 invalid pipeline, 3 the profile cannot be
        resolved on this Mac (runtime or device type not installed) or simctl failed.

        """

    var pipelinePath: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments)
        guard parsed.positionals.count <= 1 else {
            throw UsageError("devices takes one pipeline file, got \(parsed.positionals.count)")
        }
        pipelinePath = parsed.positionals.first
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let out = context.standardOutput
        var pipeline: Pipeline?
        let (url, path) = ProjectLocator.pipeline(pipelinePath, in: context)
        if pipelinePath != nil || FileManager.default.fileExists(atPath: url.path) {
            pipeline = try PipelineLoader().load(url, displayPath: path)
        }
        if let profile = pipeline?.device, profile.isHost {
            let device = HostDevice.resolve(profile, environment: context.environment)
            out.line(
                """
                profile (\(path)): host — \(device.operatingSystem ?? "") \(device.architecture ?? ""); Swift \
                \(profile.swift ?? "any")
                """
            )
            out.line("no simulator needed: the swiftpm driver runs on this machine")
            return .passed
        }
        let inventory = try SimulatorProvisioner(runner: context.runner, environment: context.environment).inventory()
        var resolution: Result<SimulatorPlan, SimulatorError>?
        if let profile = pipeline?.device {
            resolution = Result { () throws(SimulatorError) in try SimulatorResolver.plan(profile, inventory: inventory)
            }
            out.line("profile (\(path)): \(Self.describe(profile))")
            switch resolution! {
            case .success(let plan):
                let device = plan.device
                out.line(
                    """
                    resolves to: \(device.name ?? "") \(device.udid ?? "(created at run time)") — \
                    \(device.runtime ?? "") (\(device.runtimeBuild ?? "build unknown")), \(device.deviceType ?? "")
                    """
                )
                out.line("each run: \(plan.fate)")
                out.line(plan.steps.isEmpty ? "before the tests: nothing" : "before the tests:")
                for step in plan.steps { out.line("  \(step)") }
                out.line("xcodebuild destination: id=\(device.udid ?? "<new UDID>")")
            case .failure(let error):
                out.line("does not resolve: \(error.localizedDescription)")
            }
            out.line()
        }
        for line in Self.listing(inventory) { out.line(line) }
        if case .failure(let error)? = resolution { throw error }
        return .passed
    }

    static func describe(_ profile: DeviceProfile) -> String {
        let which = profile.udid.map { "UDID \($0)" } ?? profile.name ?? "(no name)"
        let use = profile.reusesUserDevice ? "reuse: yes" : "create: \(profile.create ? "yes" : "no")"
        return """
            \(which), \(profile.runtime ?? "newest runtime") (\(profile.platform)); \(use), erase: \
            \(profile.erasesDevice ? "yes" : "no")
            """
    }

    /// The installed runtimes and, under each available one, its available devices. Pure.
    static func listing(_ inventory: SimctlInventory) -> [String] {
        var lines = ["runtimes:"]
        let runtimes = inventory.knownRuntimes
        if runtimes.isEmpty { lines.append("  none") }
        for runtime in runtimes {
            let build = runtime.buildVersion.map { " (\($0))" } ?? ""
            lines.append(
                "  \(runtime.name)\(build)  \(runtime.identifier)\(runtime.isAvailable ? "" : "  [unavailable]")")
            guard runtime.isAvailable else { continue }
            for device in inventory.devices where device.isAvailable && runtime.matches(key: device.runtimeKey) {
                lines.append("    \(device.name)  \(device.udid)  \(device.state)")
            }
        }
        if !inventory.deviceTypes.isEmpty {
            lines.append("device types: " + inventory.deviceTypes.map(\.name).joined(separator: ", "))
        }
        return lines
    }
}
