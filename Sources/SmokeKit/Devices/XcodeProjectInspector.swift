import Foundation
import SmokeCore

/// What `init` asks Xcode about a project: its schemes, each scheme's test plans, and the installed simulators.
package struct XcodeProjectInspector: Sendable {
    var runner: any CommandRunning
    var environment: [String: String]
    var currentDirectory: URL

    package init(runner: any CommandRunning, environment: [String: String], currentDirectory: URL) {
        self.runner = runner
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// The `xcodebuild` on `PATH`, or nil where there is none.
    package static func xcodebuild(path: String?) -> URL? {
        ExecutableLocator.find("xcodebuild", path: path)
    }

    /// The container's schemes and the test plans of each (none when unreadable).
    package func schemes(
        of container: XcodeContainer, xcodebuild: URL
    ) throws(InitError) -> (listing: XcodeSchemeListing, plans: [String: [String]]) {
        let arguments = container.arguments + ["-list", "-json"]
        let output = try run(xcodebuild.path, arguments)
        let listing = try XcodeSchemeListing.parse(
            listJSON: output, source: "xcodebuild " + arguments.joined(separator: " "))
        var plans: [String: [String]] = [:]
        for scheme in listing.schemes {
            let planArguments = container.arguments + ["-scheme", scheme, "-showTestPlans", "-json"]
            // A scheme without a test plan may answer with an error instead of `"testPlans": null`.
            guard let data = try? run(xcodebuild.path, planArguments) else { continue }
            plans[scheme] = try? XcodeSchemeListing.testPlans(
                fromJSON: data, source: "xcodebuild " + planArguments.joined(separator: " "))
        }
        return (listing, plans)
    }

    /// The installed runtimes, device types and simulators, as every run reads them.
    package func simulators() throws(SimulatorError) -> SimctlInventory {
        try SimulatorProvisioner(runner: runner, environment: environment).inventory()
    }

    private func run(_ executable: String, _ arguments: [String]) throws(InitError) -> Data {
        let command = "xcodebuild " + arguments.joined(separator: " ")
        let result: CommandResult
        do {
            result = try runner.run(executable, arguments, environment: environment, currentDirectory: currentDirectory)
        } catch {
            throw .commandFailed(command: command, exitStatus: nil, output: error.localizedDescription)
        }
        guard result.exitStatus == 0 else {
            let tail = (result.errorText + result.outputText).split(separator: "\n").suffix(5).joined(separator: "\n")
            throw .commandFailed(command: command, exitStatus: result.exitStatus, output: tail)
        }
        return result.standardOutput
    }
}
