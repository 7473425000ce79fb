import Foundation

/// What the pipeline loader checks of any driver's settings; how a driver runs is `TestDriver`'s (SmokeKit).
package protocol DriverSettings: Sendable {
    static var key: String { get }
    /// The folder that must hold a Package.swift, and the key naming it; nil when none is named.
    var packageFolder: (path: String, keyPath: String)? { get }
    /// The folder builds go to (it must not be a file), and the key naming it; nil: the driver's default.
    var buildFolder: (path: String, keyPath: String)? { get }
    /// The driver runs tests on this machine only, so a list of devices would silently run one of them.
    var runsOnThisMachineOnly: Bool { get }
    /// The pipeline's `environment` keys this driver gives the tests another value for, each said when it loads.
    func environmentOverrides(in pipeline: Pipeline) -> [EnvironmentOverride]
}

/// An `environment` key the tests never see as the pipeline wrote it: which key wins, and how to say one thing.
package struct EnvironmentOverride: Sendable, Equatable {
    package var message: String
    package var fix: String
}

extension Pipeline {
    /// What the pipeline's driver overrules of its `environment` (`run` warns in the report, `doctor` in a check).
    package var environmentOverrides: [EnvironmentOverride] { driver.settings.environmentOverrides(in: self) }
}

extension Driver {
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
    package func environmentOverrides(in pipeline: Pipeline) -> [EnvironmentOverride] {
        SwiftPMTestEnvironment.overrides(in: pipeline)
    }
}

extension XcodebuildSettings: DriverSettings {
    package static let key = "xcodebuild"
    package var packageFolder: (path: String, keyPath: String)? { packagePath.map { ($0, "xcodebuild.packagePath") } }
    package var buildFolder: (path: String, keyPath: String)? { nil }
    package var runsOnThisMachineOnly: Bool { false }
    /// The pipeline's variables reach the tests as written (`TEST_RUNNER_…`); the simulator's locale is no variable.
    package func environmentOverrides(in pipeline: Pipeline) -> [EnvironmentOverride] { [] }
}
