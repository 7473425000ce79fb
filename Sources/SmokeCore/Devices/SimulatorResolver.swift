/// Matches a pinned simulator profile against what simctl lists (Documentation/Design.md §5). Pure.
package enum SimulatorResolver {
    /// The name smokerun gives a simulator it creates, so later runs find the same one.
    static func createdName(deviceType: String, runtime: SimctlRuntime) -> String {
        "smokerun \(deviceType) (\(runtime.name))"
    }

    /// Chooses the runtime, the device (or how to create it) and the steps before the run.
    /// Never chooses an unavailable runtime or device.
    package static func plan(_ profile: DeviceProfile, inventory: SimctlInventory) throws(SimulatorError)
        -> SimulatorPlan
    {
        guard let name = profile.name, !name.isEmpty else { throw .noDeviceName(platform: profile.platform) }
        let runtime = try self.runtime(for: profile, inventory: inventory)
        let created = createdName(deviceType: name, runtime: runtime)
        let candidates = inventory.devices.filter {
            $0.isAvailable && !$0.udid.isEmpty && runtime.matches(key: $0.runtimeKey)
        }
        // smokerun's own device first (nobody else's data is erased), then the one the profile names;
        // a booted one before a shut-down one, then by UDID so the choice never varies.
        let chosen = [created, name].lazy.compactMap { wanted in
            candidates.filter { $0.name == wanted }.sorted {
                ($0.isBooted ? 0 : 1, $0.udid) < ($1.isBooted ? 0 : 1, $1.udid)
            }.first
        }.first

        var device = ResolvedDevice(
            platform: profile.platform, runtime: runtime.name, runtimeBuild: runtime.buildVersion,
            locale: profile.locale)
        var actions: [SimulatorAction] = []
        if let chosen {
            device.name = chosen.name
            device.udid = chosen.udid
            device.deviceType =
                chosen.deviceTypeIdentifier ?? inventory.deviceTypes.first { $0.name == name }?.identifier
            if profile.erase {
                if chosen.state != "Shutdown" { actions.append(.shutdown) }
                actions += [.erase, .boot]
            } else if !chosen.isBooted {
                actions.append(.boot)
            }
        } else {
            guard profile.create else {
                let available = candidates.map(\.name)
                throw .deviceMissing(name: name, runtime: runtime.name, available: Array(Set(available)).sorted())
            }
            guard let type = inventory.deviceTypes.first(where: { $0.name == name || $0.identifier == name }) else {
                throw .deviceTypeNotInstalled(
                    requested: name, installed: inventory.deviceTypes.map(\.name).filter { !$0.isEmpty })
            }
            device.name = created
            device.deviceType = type.identifier
            // A new device is shut down and empty: nothing to erase.
            actions += [.create(name: created, deviceType: type.identifier, runtime: runtime.identifier), .boot]
        }
        actions.append(.waitForBoot)
        return SimulatorPlan(device: device, actions: actions)
    }

    /// The installed runtime the profile means: matching platform and version, available, the
    /// closest version first (17.5 before 17.5.1), then the newest build.
    static func runtime(for profile: DeviceProfile, inventory: SimctlInventory) throws(SimulatorError) -> SimctlRuntime
    {
        let runtimes = inventory.knownRuntimes
        let installed = runtimes.filter(\.isAvailable)
        let platform = RuntimeSpec.platform(ofDevicePlatform: profile.platform)
        guard let requested = profile.runtime, !requested.isEmpty else {
            // No pin: the newest installed runtime of the platform.
            let newest = installed.filter { $0.platform == platform }.max {
                versionKey($0.version).lexicographicallyPrecedes(versionKey($1.version))
            }
            guard let newest else { throw .runtimeNotInstalled(requested: platform, installed: installed.map(\.name)) }
            return newest
        }
        let spec = RuntimeSpec.parse(requested, defaultPlatform: profile.platform)
        let matching = installed.filter { spec.matches($0) }.sorted {
            ($0.version.count, $1.buildVersion ?? "") < ($1.version.count, $0.buildVersion ?? "")
        }
        guard let runtime = matching.first else {
            throw .runtimeNotInstalled(requested: requested, installed: installed.map(\.name))
        }
        return runtime
    }

    private static func versionKey(_ version: String) -> [Int] {
        version.split(separator: ".").map { Int($0) ?? 0 }
    }
}
