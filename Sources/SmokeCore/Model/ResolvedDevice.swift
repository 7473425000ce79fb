/// The device profile a run actually used, as resolved at run time.
package struct ResolvedDevice: Codable, Sendable, Equatable {
    /// `host`, `iOS Simulator`, `tvOS Simulator`, …
    var platform: String
    package var name: String?
    package var udid: String?
    package var runtime: String?
    package var runtimeBuild: String?
    package var deviceType: String?
    /// The host's operating system, for `host` profiles.
    package var operatingSystem: String?
    package var architecture: String?
    var timeZone: String?
    var locale: String?

    package init(
        platform: String, name: String? = nil, udid: String? = nil, runtime: String? = nil,
        runtimeBuild: String? = nil, deviceType: String? = nil, operatingSystem: String? = nil,
        architecture: String? = nil, timeZone: String? = nil, locale: String? = nil
    ) {
        self.platform = platform
        self.name = name
        self.udid = udid
        self.runtime = runtime
        self.runtimeBuild = runtimeBuild
        self.deviceType = deviceType
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.timeZone = timeZone
        self.locale = locale
    }
}
