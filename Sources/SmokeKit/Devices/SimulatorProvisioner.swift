import Foundation
import SmokeCore

/// Lists, resolves and prepares the pinned simulator with `xcrun simctl` (through `CommandRunning`).
package struct SimulatorProvisioner: Sendable {
    var runner: any CommandRunning
    var environment: [String: String]

    package init(runner: any CommandRunning, environment: [String: String]) {
        self.runner = runner
        self.environment = environment
    }

    /// `simctl list devices|runtimes|devicetypes -j`.
    package func inventory() throws(SimulatorError) -> SimctlInventory {
        var inventory = SimctlInventory()
        for kind in ["devices", "runtimes", "devicetypes"] {
            let arguments = ["simctl", "list", kind, "-j"]
            let result = try simctl(arguments)
            try inventory.add(json: result.standardOutput, source: "`xcrun \(arguments.joined(separator: " "))`")
        }
        return inventory
    }

    /// Resolves the profile against what simctl lists now: the device and the steps. Touches no simulator.
    func plan(_ profile: DeviceProfile) throws(SimulatorError) -> SimulatorPlan {
        try SimulatorResolver.plan(profile, inventory: try inventory())
    }

    /// Carries out `plan`, telling `log` each step; returns the device (UDID set).
    func carryOut(_ plan: SimulatorPlan, log: (String) -> Void = { _ in }) throws(SimulatorError) -> ResolvedDevice {
        var device = plan.device
        for action in plan.actions {
            let arguments = action.arguments(udid: device.udid ?? "")
            log("xcrun " + arguments.joined(separator: " "))
            let result = try simctl(arguments)
            if case .create = action {
                let udid = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !udid.isEmpty, !udid.contains(" ") else {
                    throw .simctlFailed(
                        command: "xcrun " + arguments.joined(separator: " "), exitStatus: result.exitStatus,
                        output: "printed no UDID: '\(udid.prefix(200))'")
                }
                device.udid = udid
            }
        }
        return device
    }

    private func simctl(_ arguments: [String]) throws(SimulatorError) -> CommandResult {
        let command = "xcrun " + arguments.joined(separator: " ")
        let result: CommandResult
        do {
            result = try runner.run("xcrun", arguments, environment: environment, currentDirectory: nil)
        } catch let stopped as CommandStopped {
            throw .simctlStopped(command: command, reason: stopped.reason)
        } catch let error as CommandError where error.exitStatus == nil {
            #if os(macOS)
                throw .xcrunMissing(command: command, reason: error.reason, onMacOS: true)
            #else
                throw .xcrunMissing(command: command, reason: error.reason, onMacOS: false)
            #endif
        } catch {
            throw .simctlFailed(command: command, exitStatus: nil, output: error.localizedDescription)
        }
        guard result.exitStatus == 0 else {
            let tail = (result.errorText + result.outputText).split(separator: "\n").suffix(5).joined(separator: "\n")
            throw .simctlFailed(command: command, exitStatus: result.exitStatus, output: tail)
        }
        return result
    }
}
