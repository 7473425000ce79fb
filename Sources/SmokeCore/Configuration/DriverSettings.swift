import Foundation

/// What the pipeline loader checks of a driver's settings, whichever driver they are for: the folders they name and
/// whether the driver runs on this machine only. How a driver runs is `TestDriver`'s (SmokeKit).
package protocol DriverSettings: Sendable {
    /// The pipeline key of the driver's section: `swiftpm`, `xcodebuild`.
    static var key: String { get }
    /// The folder that must hold a Package.swift, and the key that names it; nil when the settings name none.
    var packageFolder: (path: String, keyPath: String)? { get }
    /// The folder its builds go to, and the key that names it; it must not be a file. nil: the driver's default.
    var buildFolder: (path: String, keyPath: String)? { get }
    /// The driver runs tests on this machine only, so a list of devices would silently run one of them.
    var runsOnThisMachineOnly: Bool { get }
}

extension Driver {
    /// The settings of the pipeline's driver, as the loader checks them.
    package var settings: any DriverSettings {
        switch self {
        case .swiftpm(let settings): settings
        case .xcodebuild(let settings): settings
        }
    }
}

extension SwiftPMSettings: DriverSettings {
    package static let key = "swiftpm"
    package var packageFolder: (path: String, keyPath: String)? { (packagePath, "swiftpm.packagePath") }
    package var buildFolder: (path: String, keyPath: String)? { scratchPath.map { ($0, "swiftpm.scratchPath") } }
    package var runsOnThisMachineOnly: Bool { true }
}

extension XcodebuildSettings: DriverSettings {
    package static let key = "xcodebuild"
    package var packageFolder: (path: String, keyPath: String)? { packagePath.map { ($0, "xcodebuild.packagePath") } }
    package var buildFolder: (path: String, keyPath: String)? { nil }
    package var runsOnThisMachineOnly: Bool { false }
}
