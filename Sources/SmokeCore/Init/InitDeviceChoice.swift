/// The simulator `init` pins (pure): a device type and a runtime, and smokerun creates and owns its device —
/// never a simulator of the user's, not even a booted one. `--device NAME --runtime VERSION` when given (an
/// installed runtime; a device type, or the name of an existing simulator, which is then reused as it is and
/// never erased), else the newest iPhone type on the newest installed iOS runtime. Resolved with
/// `SimulatorResolver`, as every run resolves it.
package struct InitDeviceChoice: Sendable, Equatable {
    /// `iOS Simulator`, the device type, the runtime's name (`iOS 17.5`), `create` on; `reuse` when `--device`
    /// named a simulator of the user's.
    package var profile: DeviceProfile
    /// The simulator a run would use today; nil when the first run creates it.
    package var udid: String?
    /// Whether the name and runtime came from `--device`/`--runtime`.
    package var pinnedByOptions: Bool
    /// The available iOS runtimes and the iPhone device types on the chosen one, for the message.
    package var runtimes: [String]
    package var iPhones: [String]
    /// What a run does to the device, in one line (`SimulatorPlan.fate`).
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
        // The types of the simulators on the runtime: types it is known to run (a type the runtime does not
        // support could not be created); every iPhone type when it has none yet.
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

    /// The newer model first — by model number, an "s" after it a half step newer ("iPhone 6s" after
    /// "iPhone 6"; X is 10) — then the base model (the shorter name: "iPhone 16" before "iPhone 16 Pro Max"
    /// and "iPhone 16e"), then by name. Names without a number ("iPhone SE (3rd generation)") come last.
    static func newerFirst(_ left: String, _ right: String) -> Bool {
        let (a, b) = (modelNumber(left), modelNumber(right))
        if a != b { return a > b }
        if left.count != right.count { return left.count < right.count }
        return left < right
    }

    /// Twice the model number, plus one for an "s" model: 32 for "iPhone 16 Pro", 13 for "iPhone 6s", 21 for
    /// "iPhone XS"; 0 when the word after "iPhone" is not a model number.
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
