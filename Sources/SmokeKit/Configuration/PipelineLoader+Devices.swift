import Foundation
import SmokeCore

extension PipelineLoader {
    /// `device`: one profile, or a list of profiles the test phase runs on in turn; nil when absent.
    static func deviceProfiles(
        _ root: JSONObjectReader, read: (JSONObjectReader) throws(PipelineError) -> DeviceProfile
    ) throws(PipelineError) -> [DeviceProfile]? {
        guard case .array(let values)? = root.fields["device"] else {
            return try root.object("device").map { (object) throws(PipelineError) in [try read(object)] }
        }
        guard !values.isEmpty else {
            throw root.error("device", "an empty list pins no device; give one profile or a list of them")
        }
        var profiles: [DeviceProfile] = []
        for (index, value) in values.enumerated() {
            guard case .object(let fields) = value else {
                throw root.error("device[\(index)]", "expected an object (a device profile), found \(value.typeName)")
            }
            let profile = try read(
                JSONObjectReader(fields: fields, file: root.file, path: root.keyPath("device[\(index)]")))
            guard !profile.isHost || values.count == 1 else {
                throw root.error(
                    "device[\(index)]", "a list of devices is for simulators; the host is one device, give it alone")
            }
            guard !profiles.contains(profile) else {
                throw root.error("device[\(index)]", "repeats an earlier profile; list each device once")
            }
            profiles.append(profile)
        }
        return profiles
    }

    /// A driver that runs on this machine only would silently run one of a list of devices: refuse the list at load.
    static func checkDriverTakes(_ devices: [DeviceProfile], _ driver: Driver, _ root: JSONObjectReader)
        throws(PipelineError)
    {
        let settings = driver.settings
        guard settings.runsOnThisMachineOnly, devices.count > 1 else { return }
        throw root.error(
            "device",
            """
            is a list of \(devices.count) devices, but the '\(type(of: settings).key)' driver runs tests on this machine \
            only; give one profile (e.g. {"platform": "host"}), or use the 'xcodebuild' driver to run on each \
            simulator in turn
            """
        )
    }

    /// A driver that runs on simulators (xcodebuild) has nothing to run on without one: refuse it at load, not at run.
    static func checkDriverHasItsDevice(_ devices: [DeviceProfile], _ driver: Driver, _ root: JSONObjectReader)
        throws(PipelineError)
    {
        let settings = driver.settings
        guard !settings.runsOnThisMachineOnly, devices.contains(where: \.isHost) else { return }
        throw root.error(
            "device",
            """
            \(root.has("device") ? "names this machine" : "is missing"), but the '\(type(of: settings).key)' driver \
            runs tests on a simulator; give a simulator profile, e.g. {"platform": "iOS Simulator", "name": \
            "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}
            """
        )
    }

    /// One device profile, for `deviceProfiles`.
    static func device(_ object: JSONObjectReader) throws(PipelineError) -> DeviceProfile {
        try object.allowOnly([
            "platform", "name", "runtime", "udid", "reuse", "create", "erase", "locale", "language", "swift",
            "timeZone", "strict",
        ])
        var device = DeviceProfile()
        device.platform = try object.string("platform") ?? device.platform
        guard knownPlatforms.contains(device.platform) else {
            throw object.error(
                "platform",
                "'\(device.platform)' is not a known platform; known: \(knownPlatforms.joined(separator: ", "))"
                    + Suggestion.hint(for: device.platform, in: knownPlatforms))
        }
        device.name = try object.string("name")
        device.runtime = try object.string("runtime")
        device.udid = try object.string("udid")
        device.reuse = try object.bool("reuse") ?? device.reuse
        device.create = try object.bool("create") ?? device.create
        device.erase = try object.bool("erase")
        if device.udid?.isEmpty == true {
            throw object.error("udid", "is empty; give a simulator's UDID, or remove it")
        }
        device.locale = try object.string("locale")
        device.language = try object.string("language")
        device.swift = try object.string("swift")
        device.timeZone = try object.string("timeZone")
        device.strict = try object.bool("strict") ?? device.strict
        if let zone = device.timeZone, TimeZone(identifier: zone) == nil {
            throw object.error("timeZone", "'\(zone)' is not an IANA time zone name")
        }
        if device.reuse, device.udid == nil, device.name == nil {
            throw object.error("reuse", "needs the name of your simulator to reuse (\"name\"), or give its \"udid\"")
        }
        if !device.isHost, device.name == nil, device.udid == nil {
            throw object.error("name", "is required for a simulator profile, e.g. \"iPhone SE (3rd generation)\"")
        }
        return device
    }
}
