import Foundation

/// What `xcrun simctl list devices|runtimes|devicetypes -j` say is installed. Every field is optional:
/// Xcode 7–10 printed runtime names and `availability: "(available)"` where later versions print
/// identifiers and `isAvailable`.
package struct SimctlInventory: Sendable, Equatable {
    package var devices: [SimctlDevice] = []
    var runtimes: [SimctlRuntime] = []
    package var deviceTypes: [SimctlDeviceType] = []

    package init(devices: [SimctlDevice] = [], runtimes: [SimctlRuntime] = [], deviceTypes: [SimctlDeviceType] = []) {
        self.devices = devices
        self.runtimes = runtimes
        self.deviceTypes = deviceTypes
    }

    /// Decodes any of the three listings (or `simctl list -j`) and adds what it holds; `source` is named in errors.
    package mutating func add(json data: Data, source: String) throws(SimulatorError) {
        let listing: Listing
        do {
            listing = try JSONDecoder().decode(Listing.self, from: data)
        } catch {
            throw .unreadableListing(
                source: source, reason: (error as? DecodingError)?.keyPathDescription ?? error.localizedDescription)
        }
        for (key, entries) in (listing.devices ?? [:]).sorted(by: { $0.key < $1.key }) {
            devices += entries.map { SimctlDevice(entry: $0, runtimeKey: key) }
        }
        runtimes += (listing.runtimes ?? []).map(SimctlRuntime.init(entry:))
        deviceTypes += (listing.devicetypes ?? []).map(SimctlDeviceType.init(entry:))
    }

    /// Runtimes as listed, plus one for each device key no listed runtime explains (a devices-only listing). Devices
    /// all unavailable under such a key (`runtime profile not found`: the runtime was deleted) make none.
    package var knownRuntimes: [SimctlRuntime] {
        var all = runtimes
        let keys = Set(devices.filter(\.isAvailable).map(\.runtimeKey))
        for key in keys.sorted() where !all.contains(where: { $0.matches(key: key) }) {
            all.append(SimctlRuntime(key: key))
        }
        return all
    }

    private struct Listing: Decodable {
        var devices: [String: [DeviceEntry]]?
        var runtimes: [RuntimeEntry]?
        var devicetypes: [DeviceTypeEntry]?
    }

    /// Each field is read on its own: one of an unexpected type is unknown, not a listing refused.
    struct DeviceEntry: Decodable {
        @Lenient var name: String?
        @Lenient var udid: String?
        @Lenient var state: String?
        @Lenient var isAvailable: SimctlFlag?
        @Lenient var availability: String?
        @Lenient var deviceTypeIdentifier: String?
    }

    struct RuntimeEntry: Decodable {
        @Lenient var identifier: String?
        @Lenient var version: String?
        @Lenient var name: String?
        @Lenient var buildversion: String?
        @Lenient var isAvailable: SimctlFlag?
        @Lenient var availability: String?
        @Lenient var availabilityError: String?
        @Lenient var platform: String?
        /// Xcode 13 and later: the device types this runtime runs (`iPod touch (7th generation)` is not on iOS 16).
        @Lenient var supportedDeviceTypes: [DeviceTypeEntry]?
    }

    struct DeviceTypeEntry: Decodable, Sendable, Equatable {
        @Lenient var identifier: String?
        @Lenient var name: String?
        @Lenient var productFamily: String?
    }
}

/// simctl's `isAvailable`: `true`/`false`, or the `"YES"`/`"NO"` Xcode 10's betas printed.
struct SimctlFlag: Decodable, Sendable, Equatable {
    var value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else {
            let text = try container.decode(String.self).lowercased()
            guard ["yes", "true", "no", "false"].contains(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a flag: \(text)")
            }
            value = text == "yes" || text == "true"
        }
    }
}

/// One simulator device as `simctl list devices -j` lists it.
package struct SimctlDevice: Sendable, Equatable {
    package var name: String
    package var udid: String
    package var state = "Shutdown"
    /// The key it was listed under: a runtime identifier, or a runtime name in Xcode 7–10.
    package var runtimeKey: String
    package var isAvailable = true
    var deviceTypeIdentifier: String?

    var isBooted: Bool { state == "Booted" }
}

// In an extension, so Swift still makes the memberwise initializer.
extension SimctlDevice {
    init(entry: SimctlInventory.DeviceEntry, runtimeKey: String) {
        self.init(
            name: entry.name ?? "", udid: entry.udid ?? "", state: entry.state ?? "Unknown", runtimeKey: runtimeKey,
            isAvailable: SimctlRuntime.available(entry.isAvailable?.value, entry.availability),
            deviceTypeIdentifier: entry.deviceTypeIdentifier)
    }
}

/// One simulator runtime as `simctl list runtimes -j` lists it.
package struct SimctlRuntime: Sendable, Equatable {
    package var identifier: String
    package var name: String
    /// `17.5`, or `26.3.1` where the name says `26.3`.
    var version: String
    package var buildVersion: String?
    package var isAvailable = true
    /// Why simctl cannot use it (`availabilityError`: "… Unable to mount disk image"), for an unavailable one.
    package var unavailableBecause: String?
    /// The device types it runs, by identifier and name; nil when simctl does not say (before Xcode 13).
    var supportedDeviceTypes: Set<String>?

    /// Whether it runs the device type named `type` (a name or an identifier); unknown counts as yes.
    func runs(deviceType type: String) -> Bool { supportedDeviceTypes?.contains(type) ?? true }
}

// In an extension, so Swift still makes the memberwise initializer.
extension SimctlRuntime {
    init(entry: SimctlInventory.RuntimeEntry) {
        let parsed = RuntimeSpec.parse(entry.identifier ?? entry.name ?? "", defaultPlatform: entry.platform)
        self.init(
            identifier: entry.identifier ?? parsed.identifier,
            name: entry.name ?? parsed.displayName,
            version: entry.version ?? parsed.version,
            buildVersion: entry.buildversion,
            isAvailable: Self.available(entry.isAvailable?.value, entry.availability),
            unavailableBecause: entry.availabilityError
                ?? entry.availability.flatMap {
                    $0.hasPrefix("(available") ? nil : $0
                },
            supportedDeviceTypes: entry.supportedDeviceTypes.map { types in
                Set(types.flatMap { [$0.identifier, $0.name].compactMap { $0 } })
            })
    }

    /// A runtime known only from a device listing's key.
    init(key: String) {
        let parsed = RuntimeSpec.parse(key, defaultPlatform: nil)
        self.init(
            identifier: key.hasPrefix(RuntimeSpec.identifierPrefix) ? key : parsed.identifier,
            name: key.hasPrefix(RuntimeSpec.identifierPrefix) ? parsed.displayName : key, version: parsed.version)
    }

    /// Whether a device listing key ("iOS 12.1" or the identifier) means this runtime.
    package func matches(key: String) -> Bool { key == identifier || key == name }

    /// `isAvailable` when printed, else Xcode 7–10's `availability` text; unknown counts as available.
    static func available(_ flag: Bool?, _ text: String?) -> Bool {
        if let flag { return flag }
        if let text { return text.hasPrefix("(available") }
        return true
    }

    /// The platform part of the identifier: `iOS`, `tvOS`, `watchOS`, `xrOS`.
    var platform: String { RuntimeSpec.parse(identifier, defaultPlatform: nil).platform ?? "" }
}

/// One device type as `simctl list devicetypes -j` lists it.
package struct SimctlDeviceType: Sendable, Equatable {
    var identifier: String
    package var name: String

    init(identifier: String, name: String) {
        self.identifier = identifier
        self.name = name
    }

    init(entry: SimctlInventory.DeviceTypeEntry) {
        self.init(identifier: entry.identifier ?? "", name: entry.name ?? "")
    }
}
