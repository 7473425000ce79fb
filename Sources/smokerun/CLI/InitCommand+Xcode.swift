import Foundation
import SmokeCore
import SmokeKit

extension InitCommand {
    /// Chooses (or is told) the scheme, test plan and simulator, says which and why, and writes the pipeline.
    func writeXcodePipeline(container: XcodeContainer, xcodebuild: URL, context: HostContext) throws -> ExitCode {
        let inspector = XcodeProjectInspector(
            runner: context.runner, environment: context.environment, currentDirectory: context.currentDirectory)
        let (listing, plans) = try inspector.schemes(of: container, xcodebuild: xcodebuild)
        let choice = try InitSchemeChoice.choose(
            listing: listing, plans: plans, container: container.path, scheme: scheme, testPlan: testPlan)
        let simulator = try InitDeviceChoice.choose(
            inventory: try inspector.simulators(), device: device, runtime: runtime)
        let name = self.name ?? PipelineTemplate.pipelineName(from: choice.scheme)
        let file = pipelineFile(context: context)
        var written = container
        written.path = relativePath(container.path, from: file, context: context)

        let out = context.standardOutput
        let why = scheme != nil ? "as asked" : "the one scheme with tests in \(container.path)"
        let plan = choice.testPlan.map { plan in
            choice.testPlans.count > 1
                ? ", test plan \(plan) (of \(choice.testPlans.joined(separator: ", ")); another with --test-plan NAME)"
                : ", test plan \(plan)"
        }
        out.line("scheme: \(choice.scheme)\(plan ?? "") — \(why)")
        out.line(deviceLine(simulator))
        out.line("each run: \(simulator.fate)")
        try write(
            PipelineTemplate.xcodebuild(name: name, container: written, scheme: choice, device: simulator.profile),
            to: file, context: context, next: ["devices", "run"])
        return .passed
    }

    private func deviceLine(_ choice: InitDeviceChoice) -> String {
        let profile = choice.profile
        let state =
            profile.reuse ? "your simulator \(choice.udid ?? "")" : "a simulator smokerun creates and owns"
        let why =
            choice.pinnedByOptions
            ? "as asked" : "the newest iPhone on the newest iOS runtime"
        let iPhones = choice.iPhones.isEmpty ? "none yet" : choice.iPhones.joined(separator: ", ")
        return """
            simulator: \(profile.name ?? "") on \(profile.runtime ?? "") (\(state)) — \(why); pin another with \
            --device NAME --runtime VERSION (iOS runtimes: \(choice.runtimes.joined(separator: ", ")); iPhone types on \
            \(profile.runtime ?? ""): \(iPhones))
            """
    }
}
