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

    /// SwiftPM runs its tests on this machine only, so a list of devices would silently run one of them:
    /// refuse it at load, naming the key and both ways out.
    static func checkDriverTakes(_ devices: [DeviceProfile], _ driver: Driver, _ root: JSONObjectReader)
        throws(PipelineError)
    {
        guard case .swiftpm = driver, devices.count > 1 else { return }
        throw root.error(
            "device",
            """
            is a list of \(devices.count) devices, but the 'swiftpm' driver runs tests on this machine only; give one \
            profile (e.g. {"platform": "host"}), or use the 'xcodebuild' driver to run on each simulator in turn
            """
        )
    }
}
