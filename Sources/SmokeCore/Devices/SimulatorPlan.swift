/// What must happen to a simulator before the tests run, decided from the profile and the inventory (pure).
package struct SimulatorPlan: Sendable, Equatable {
    /// The device to use; nil UDID when it is still to be created.
    package var device: ResolvedDevice
    package var actions: [SimulatorAction]
    /// Whose device it is: smokerun's (found or to create) or the user's (reused because the profile says so).
    package var ownership: SimulatorOwnership

    /// What names the simulator this plan runs on, however the profile spelled it: the device's name and its resolved
    /// runtime (a UDID, `iOS 17` and `17.5` that land on smokerun's `iPhone 15 (iOS 17.5)` are one device).
    package var deviceKey: String { "\(device.name ?? "")-\(device.runtime ?? "")" }

    /// One line per step, for `smokerun devices` and the console log.
    package var steps: [String] {
        actions.map { "xcrun " + $0.arguments(udid: device.udid ?? "<new UDID>").joined(separator: " ") }
    }

    /// What happens to the device, in one line (`init`, `devices`).
    package var fate: String {
        let name = device.name ?? ""
        let udid = device.udid ?? ""
        switch (ownership, actions.contains(.erase)) {
        case (.created, _):
            return "smokerun creates its own simulator '\(name)' and owns it; your simulators are left alone"
        case (.owned, true):
            return "smokerun's own simulator '\(name)', erased before each run; your simulators are left alone"
        case (.owned, false):
            return "smokerun's own simulator '\(name)', never erased (\"erase\": false); your simulators are left alone"
        case (.reused, true):
            return "your simulator '\(name)' \(udid), ERASED before each run: the pipeline says \"erase\": true"
        case (.reused, false):
            return "your simulator '\(name)' \(udid), reused as it is: booted if needed, never erased or shut down"
        }
    }
}

/// Whose simulator a plan uses.
package enum SimulatorOwnership: Sendable, Equatable {
    /// smokerun creates it (`smokerun <type> (<runtime>)`).
    case created
    case owned
    /// The user's, named by `device.udid` or `device.reuse`.
    case reused
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
