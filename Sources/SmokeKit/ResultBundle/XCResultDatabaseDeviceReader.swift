import SmokeCore

/// The run destination (device profile) and Xcode version a bundle records. Pure.
enum XCResultDatabaseDeviceReader {
    static func device(_ snapshot: XCResultDatabaseSnapshot) -> ResolvedDevice? {
        let destinations = XCResultDatabaseIndex(snapshot.rows("RunDestinations"))
        let devices = XCResultDatabaseIndex(snapshot.rows("Devices"))
        let platforms = XCResultDatabaseIndex(snapshot.rows("Platforms"))
        let sdks = XCResultDatabaseIndex(snapshot.rows("SDKs"))
        let actionDestination = firstAction(snapshot).flatMap { destinations[$0.int("runDestination_fk")] }
        guard let destination = actionDestination ?? snapshot.rows("RunDestinations").first else { return nil }
        let device = devices[destination.int("device_fk")]
        let platform = platforms[device?.int("platform_fk")]?.text("userDescription")
        let sdk = sdks[destination.int("sdk_fk")]
        let osVersion = device?.text("operatingSystemVersion") ?? sdk?.text("operatingSystemVersion")
        return ResolvedDevice(
            platform: platform ?? "unknown",
            name: device?.text("name") ?? destination.text("name"),
            udid: device?.text("identifier"),
            runtime: osVersion.map { version in platform.map { "\(osName(platform: $0)) \(version)" } ?? version },
            runtimeBuild: device?.text("operatingSystemVersionWithBuildNumber").flatMap(buildNumber),
            deviceType: device?.text("modelName"),
            architecture: destination.text("architecture") ?? device?.text("nativeArchitecture"))
    }

    /// "Xcode 16.2 (16C5032a)" when the bundle records its developer tools.
    static func xcodeVersion(_ snapshot: XCResultDatabaseSnapshot) -> String? {
        let tools = XCResultDatabaseIndex(snapshot.rows("DeveloperTools"))
        guard
            let row = firstAction(snapshot).flatMap({ tools[$0.int("developerTools_fk")] })
                ?? snapshot.rows("DeveloperTools").first,
            let version = row.text("xcodeVersion")
        else { return nil }
        return "Xcode \(version)" + (row.text("xcodeBuildVersion").map { " (\($0))" } ?? "")
    }

    private static func firstAction(_ snapshot: XCResultDatabaseSnapshot) -> XCResultDatabaseRow? {
        snapshot.rows("Actions").min {
            ($0.int("orderInInvocation") ?? 0, $0.int("rowid") ?? 0) < (
                $1.int("orderInInvocation") ?? 0, $1.int("rowid") ?? 0
            )
        }
    }

    /// "iOS" from "iOS Simulator", as `simctl` names runtimes.
    private static func osName(platform: String) -> String {
        platform.hasSuffix(" Simulator") ? String(platform.dropLast(" Simulator".count)) : platform
    }

    /// "22C150" from "18.2 (22C150)".
    private static func buildNumber(_ text: String) -> String? {
        guard let open = text.lastIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let build = text[text.index(after: open)..<close]
        return build.isEmpty ? nil : String(build)
    }
}
