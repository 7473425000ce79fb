/// What must happen to a simulator before the tests run, decided from the profile and the
/// inventory alone (pure); `SimulatorProvisioner` carries it out with `xcrun simctl`.
package struct SimulatorPlan: Sendable, Equatable {
    /// The device to use; nil UDID when it is still to be created.
    package var device: ResolvedDevice
    package var actions: [SimulatorAction]

    init(device: ResolvedDevice, actions: [SimulatorAction]) {
        self.device = device
        self.actions = actions
    }

    /// One line per step, for `smokerun devices` and the console log.
    package var steps: [String] {
        actions.map { "xcrun " + $0.arguments(udid: device.udid ?? "<new UDID>").joined(separator: " ") }
    }
}

/// One `xcrun simctl` step.
package enum SimulatorAction: Sendable, Equatable {
    /// `simctl create NAME DEVICETYPE RUNTIME`; prints the new UDID.
    case create(name: String, deviceType: String, runtime: String)
    case shutdown
    case erase
    case boot
    /// `simctl bootstatus UDID -b`: waits until the device has finished booting (boots it if needed).
    case waitForBoot

    /// The arguments after `xcrun`.
    package func arguments(udid: String) -> [String] {
        switch self {
        case .create(let name, let deviceType, let runtime): ["simctl", "create", name, deviceType, runtime]
        case .shutdown: ["simctl", "shutdown", udid]
        case .erase: ["simctl", "erase", udid]
        case .boot: ["simctl", "boot", udid]
        case .waitForBoot: ["simctl", "bootstatus", udid, "-b"]
        }
    }
}
