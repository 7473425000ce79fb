import Foundation
import SmokeCore

/// The `host` device profile: this machine, its toolchain, and the pinned zone and locale.
package enum HostDevice {
    package static func resolve(_ profile: DeviceProfile, environment: [String: String]) -> ResolvedDevice {
        let info = ProcessInfo.processInfo
        #if os(Linux)
            let system = "Linux"
        #else
            let system = "macOS"
        #endif
        #if arch(arm64)
            let architecture = "arm64"
        #else
            let architecture = "x86_64"
        #endif
        return ResolvedDevice(
            platform: profile.platform, name: info.hostName,
            operatingSystem: "\(system) \(info.operatingSystemVersionString)",
            architecture: architecture, timeZone: profile.timeZone ?? environment["TZ"],
            locale: profile.locale ?? environment["LANG"])
    }

    /// Fails before any test starts when the toolchain is not the pinned one (unless not strict).
    static func check(_ profile: DeviceProfile, toolchain: SwiftToolchain) throws {
        guard profile.isHost else {
            throw ToolchainError(
                message:
                    """
                    device.platform '\(profile.platform)' needs the xcodebuild driver on macOS; the swiftpm driver \
                    runs on the host ("platform": "host")
                    """
            )
        }
        if let pinned = profile.swift, profile.strict, !toolchain.matches(prefix: pinned) {
            throw ToolchainError(
                message:
                    """
                    the pipeline pins Swift \(pinned) (device.swift) but \(toolchain.swift.path) is \
                    '\(toolchain.version)'; install that toolchain, or set "strict": false
                    """
            )
        }
    }
}
