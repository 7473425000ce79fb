/// Matches a pinned simulator profile against what simctl lists (Documentation/Design.md §5). Pure.
/// smokerun erases only the devices it created; a user's simulator is used only when the profile says so
/// (`udid`, `reuse`), and erased only with `"erase": true`.
package enum SimulatorResolver {
    /// What every simulator smokerun creates is called first: the mark of a device smokerun owns.
    package static let ownedPrefix = "smokerun "

    /// The name smokerun gives a simulator it creates, so later runs find the same one.
    static func createdName(deviceType: String, runtime: SimctlRuntime) -> String {
        "\(ownedPrefix)\(deviceType) (\(runtime.name))"
    }

    /// Chooses the runtime, the device and the steps before the run; never an unavailable runtime or device.
    package static func plan(_ profile: DeviceProfile, inventory: SimctlInventory) throws(SimulatorError)
        -> SimulatorPlan
    {
        if let udid = profile.udid { return try reusing(udid: udid, profile, inventory: inventory) }
        guard let name = profile.name, !name.isEmpty else { throw .noDeviceName(platform: profile.platform) }
        let runtime = try self.runtime(for: profile, inventory: inventory)
        let created = createdName(deviceType: name, runtime: runtime)
        let candidates = inventory.devices.filter {
            $0.isAvailable && !$0.udid.isEmpty && runtime.matches(key: $0.runtimeKey)
        }
        // `reuse`: the user's device of that name, else only smokerun's own; booted first, then by UDID, for stability.
        let wanted = profile.reuse ? name : created
        let chosen = candidates.filter { $0.name == wanted }.sorted {
            ($0.isBooted ? 0 : 1, $0.udid) < ($1.isBooted ? 0 : 1, $1.udid)
        }.first

        var device = ResolvedDevice(
            platform: profile.platform, runtime: runtime.name, runtimeBuild: runtime.buildVersion,
            locale: profile.locale)
        if let chosen {
            device.deviceType =
                chosen.deviceTypeIdentifier ?? inventory.deviceTypes.first { $0.name == name }?.identifier
            return existing(chosen, device: device, profile: profile, inventory: inventory)
        }
        guard profile.create, !profile.reuse else {
            let available = Array(Set(candidates.map(\.name))).sorted()
            throw .deviceMissing(name: wanted, runtime: runtime.name, available: available)
        }
        guard let type = inventory.deviceTypes.first(where: { $0.name == name || $0.identifier == name }) else {
            throw .deviceTypeNotInstalled(
                requested: name, installed: inventory.deviceTypes.map(\.name).filter { !$0.isEmpty })
        }
        device.name = created
        device.deviceType = type.identifier
        // A new device is shut down and empty: nothing to erase.
        let actions: [SimulatorAction] = [
            .create(name: created, deviceType: type.identifier, runtime: runtime.identifier), .boot, .waitForBoot,
        ]
        return SimulatorPlan(device: device, actions: actions, ownership: .created)
    }

    /// `device.udid`: that simulator, on its own runtime (which must be the pinned one, if any).
    private static func reusing(udid: String, _ profile: DeviceProfile, inventory: SimctlInventory)
        throws(SimulatorError) -> SimulatorPlan
    {
        guard let chosen = inventory.devices.first(where: { $0.udid == udid && $0.isAvailable }) else {
            throw .udidMissing(
                udid: udid,
                available: inventory.devices.filter(\.isAvailable).map { "\($0.name) \($0.udid)" }.sorted())
        }
        let runtime = inventory.knownRuntimes.first { $0.matches(key: chosen.runtimeKey) }
        if let requested = profile.runtime, !requested.isEmpty, let runtime,
            !RuntimeSpec.parse(requested, defaultPlatform: profile.platform).matches(runtime)
        {
            throw .udidOnAnotherRuntime(udid: udid, name: chosen.name, runtime: runtime.name, requested: requested)
        }
        var device = ResolvedDevice(
            platform: profile.platform, runtime: runtime?.name ?? chosen.runtimeKey,
            runtimeBuild: runtime?.buildVersion, locale: profile.locale)
        device.deviceType = chosen.deviceTypeIdentifier
        return existing(chosen, device: device, profile: profile, inventory: inventory)
    }

    /// The steps on a device that exists: erase (after a shutdown) only where the profile erases it.
    private static func existing(
        _ chosen: SimctlDevice, device resolved: ResolvedDevice, profile: DeviceProfile, inventory: SimctlInventory
    ) -> SimulatorPlan {
        var device = resolved
        device.name = chosen.name
        device.udid = chosen.udid
        let owned = !profile.reusesUserDevice && chosen.name.hasPrefix(ownedPrefix)
        var actions: [SimulatorAction] = []
        if profile.erasesDevice {
            if chosen.state != "Shutdown" { actions.append(.shutdown) }
            actions += [.erase, .boot]
        } else if !chosen.isBooted {
            actions.append(.boot)
        }
        actions.append(.waitForBoot)
        return SimulatorPlan(device: device, actions: actions, ownership: owned ? .owned : .reused)
    }

    /// The installed, available runtime the profile means: closest version first (17.5 before 17.5.1), newest build;
    /// one that runs its device type, where simctl says which it runs.
    static func runtime(for profile: DeviceProfile, inventory: SimctlInventory) throws(SimulatorError) -> SimctlRuntime
    {
        let runtimes = inventory.knownRuntimes
        let installed = runtimes.filter(\.isAvailable)
        let platform = RuntimeSpec.platform(ofDevicePlatform: profile.platform)
        // The device type smokerun creates; a reused simulator's name is the user's own, and a name no device type has
        // (a typo) is `plan`'s to refuse as such.
        let name = profile.reuse ? "" : profile.name ?? ""
        let known =
            inventory.deviceTypes.isEmpty || inventory.deviceTypes.contains { $0.name == name || $0.identifier == name }
        let deviceType = known ? name : ""
        let running = installed.filter {
            $0.platform == platform && (deviceType.isEmpty || $0.runs(deviceType: deviceType))
        }
        guard let requested = profile.runtime, !requested.isEmpty else {
            // No pin: the newest installed runtime of the platform that runs the device type.
            let newest = running.max { versionKey($0.version).lexicographicallyPrecedes(versionKey($1.version)) }
            guard let newest else {
                let newestOfPlatform = installed.filter { $0.platform == platform }.max {
                    versionKey($0.version).lexicographicallyPrecedes(versionKey($1.version))
                }
                if let newestOfPlatform {
                    throw .deviceTypeNotRun(deviceType: deviceType, runtime: newestOfPlatform.name, runBy: [])
                }
                throw .runtimeNotInstalled(requested: platform, installed: installed.map(\.name))
            }
            return newest
        }
        let spec = RuntimeSpec.parse(requested, defaultPlatform: profile.platform)
        let matching = installed.filter { spec.matches($0) }.sorted {
            ($0.version.count, $1.buildVersion ?? "") < ($1.version.count, $0.buildVersion ?? "")
        }
        guard let runtime = matching.first else {
            // Installed but unusable (a disk image that does not mount): what simctl says is the fix to make.
            if let broken = runtimes.first(where: { !$0.isAvailable && spec.matches($0) }) {
                throw .runtimeUnavailable(
                    requested: requested, runtime: broken.name, reason: broken.unavailableBecause,
                    installed: installed.map(\.name))
            }
            throw .runtimeNotInstalled(requested: requested, installed: installed.map(\.name))
        }
        guard deviceType.isEmpty || runtime.runs(deviceType: deviceType) else {
            throw .deviceTypeNotRun(deviceType: deviceType, runtime: runtime.name, runBy: running.map(\.name))
        }
        return runtime
    }

    private static func versionKey(_ version: String) -> [Int] {
        version.split(separator: ".").map { Int($0) ?? 0 }
    }
}
