/// The simulator `init` pins (pure): a device type and runtime whose device smokerun creates and owns,
/// never a user's simulator unless `--device` names one (then reused as it is, never erased). Without
/// options, the newest iPhone type on the newest installed iOS runtime.
package struct InitDeviceChoice: Sendable, Equatable {
    /// `reuse` is on when `--device` named a simulator of the user's.
    package var profile: DeviceProfile
    /// The simulator a run would use today; nil when the first run creates it.
    package var udid: String?
    package var pinnedByOptions: Bool
    /// The available iOS runtimes and the iPhone types on the chosen one, for the message.
    package var runtimes: [String]
    package var iPhones: [String]
    /// What a run does to the device (`SimulatorPlan.fate`).
    package var fate: String

    package static func choose(
        inventory: SimctlInventory, device requestedDevice: String?, runtime requestedRuntime: String?
    ) throws(InitError) -> InitDeviceChoice {
        var profile = DeviceProfile()
        profile.platform = "iOS Simulator"
        profile.create = true
        profile.runtime = requestedRuntime
        let installed = inventory.knownRuntimes.filter(\.isAvailable)
        let runtime: SimctlRuntime
        do {
            runtime = try SimulatorResolver.runtime(for: profile, inventory: inventory)
        } catch {
            if let requestedRuntime {
                throw .unknownRuntime(requested: requestedRuntime, installed: installed.map(\.name))
            }
            throw .noRuntime(platform: "iOS", installed: installed.map(\.name))
        }
        profile.runtime = runtime.name
        let onRuntime = inventory.devices.filter {
            $0.isAvailable && !$0.udid.isEmpty && runtime.matches(key: $0.runtimeKey)
        }
        let deviceNames = Array(Set(onRuntime.map(\.name))).sorted()
        let typeNames = inventory.deviceTypes.map(\.name).filter { !$0.isEmpty }
        // Types the runtime is known to run (another could not be created); every iPhone type when it has none yet.
        let typesOnRuntime = Set(
            onRuntime.compactMap { device in
                inventory.deviceTypes.first { $0.identifier == device.deviceTypeIdentifier }?.name
                    ?? (typeNames.contains(device.name) ? device.name : nil)
            })
        let iPhones = (typesOnRuntime.isEmpty ? typeNames : typesOnRuntime.sorted()).filter(isIPhone)
        if let requestedDevice {
            if typeNames.contains(requestedDevice) {
                profile.name = requestedDevice
            } else if deviceNames.contains(requestedDevice) {
                // A simulator of the user's, named on purpose: reused as it is, never erased.
                profile.name = requestedDevice
                profile.reuse = true
            } else {
                throw .unknownDevice(
                    requested: requestedDevice, runtime: runtime.name, devices: deviceNames, deviceTypes: typeNames)
            }
        } else {
            guard let newest = iPhones.sorted(by: newerFirst).first else { throw .noIPhone(runtime: runtime.name) }
            profile.name = newest
        }
        let plan = try? SimulatorResolver.plan(profile, inventory: inventory)
        return InitDeviceChoice(
            profile: profile, udid: plan?.ownership == .created ? nil : plan?.device.udid,
            pinnedByOptions: requestedDevice != nil || requestedRuntime != nil,
            runtimes: installed.filter { $0.platform == "iOS" }.map(\.name), iPhones: iPhones,
            fate: plan?.fate ?? "smokerun creates its own simulator on the first run; your simulators are left alone")
    }

    private static func isIPhone(_ name: String) -> Bool { name.hasPrefix("iPhone") }

    /// Newer model first (an "s" model a half step newer, X is 10), then the base model (the shorter name:
    /// "iPhone 16" before "iPhone 16 Pro Max"), then by name. Names without a number come last.
    static func newerFirst(_ left: String, _ right: String) -> Bool {
        let (a, b) = (modelNumber(left), modelNumber(right))
        if a != b { return a > b }
        if left.count != right.count { return left.count < right.count }
        return left < right
    }

    /// Twice the model number, plus one for an "s" model (13 for "iPhone 6s"); 0 when there is no number.
    static func modelNumber(_ name: String) -> Int {
        let words = name.split(separator: " ")
        guard words.count >= 2 else { return 0 }
        let word = words[1]
        let digits = word.prefix { $0.isNumber }
        let number = Int(digits) ?? (word.hasPrefix("X") ? 10 : 0)
        guard number > 0 else { return 0 }
        let rest = word.dropFirst(digits.isEmpty ? 1 : digits.count)
        return number * 2 + (rest.lowercased() == "s" ? 1 : 0)
    }
}
