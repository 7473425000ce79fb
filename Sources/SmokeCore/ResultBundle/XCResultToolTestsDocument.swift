import Foundation

/// `xcresulttool get test-results tests --schema-version 0.1.0` output: the test-node tree and the devices.
package struct XCResultToolTestsDocument: Decodable, Sendable, Equatable {
    @LenientArray var testNodes: [XCResultToolTestNode] = []
    @LenientArray package var devices: [XCResultToolDevice] = []
}

/// One node of the tree: a plan, bundle, suite, test case, repetition, argument set, failure message, ….
struct XCResultToolTestNode: Decodable, Sendable, Equatable {
    /// `Test Plan`, `Unit test bundle`, `UI test bundle`, `Test Suite`, `Test Case`, `Repetition`, `Test Case Run`,
    /// `Arguments`, `Failure Message`, `Device`, `Test Plan Configuration`, …
    @Lenient var nodeType: String?
    /// `Class/method()` or `Suite/Inner/function()` for test cases; a counter for repetitions.
    @Lenient var nodeIdentifier: String? = nil
    /// Display name; for a failure message the message itself, often `File.swift:42: text`.
    @Lenient var name: String? = nil
    @Lenient var details: String? = nil
    /// `Passed`, `Failed`, `Skipped`, `Expected Failure`.
    @Lenient var result: String? = nil
    @Lenient var durationInSeconds: Double? = nil
    /// Older Xcode 16 releases give only this, formatted for people: `6s`, `0,011s`, `1m 5s`.
    @Lenient var duration: String? = nil
    @LenientArray var tags: [String] = []
    @LenientArray var children: [XCResultToolTestNode] = []

    /// Seconds, from `durationInSeconds` or else the formatted `duration`; nil when neither is believable.
    var seconds: Double? {
        PlausibleTime.seconds(durationInSeconds) ?? PlausibleTime.seconds(duration.flatMap(Self.parseDuration))
    }

    /// `6s`, `0,011s`, `1m 5s`, `250ms`, `1h 2m` → seconds; nil when nothing in it reads as a duration.
    static func parseDuration(_ text: String) -> Double? {
        var total = 0.0
        var matched = false
        for token in text.split(separator: " ") {
            let units: [(String, Double)] = [("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1)]
            guard let (suffix, factor) = units.first(where: { token.hasSuffix($0.0) }),
                let value = Double(token.dropLast(suffix.count).replacingOccurrences(of: ",", with: "."))
            else { continue }
            total += value * factor
            matched = true
        }
        return matched ? total : nil
    }
}

/// A run destination as the new commands describe it (`devices` in `tests`, `device` in the summary).
package struct XCResultToolDevice: Decodable, Sendable, Equatable {
    @Lenient var deviceId: String? = nil
    @Lenient var deviceName: String? = nil
    @Lenient var modelName: String? = nil
    @Lenient var platform: String? = nil
    @Lenient var osVersion: String? = nil
    @Lenient var osBuildNumber: String? = nil
    @Lenient var architecture: String? = nil

    /// In smokerun's model: the runtime as `iOS 18.2` (platform without " Simulator", then the OS version).
    package var resolved: ResolvedDevice {
        let platformName = platform ?? "unknown"
        let osName = platformName.replacingOccurrences(of: " Simulator", with: "")
        return ResolvedDevice(
            platform: platformName, name: deviceName, udid: deviceId,
            runtime: osVersion.map { "\(osName) \($0)" }, runtimeBuild: osBuildNumber,
            deviceType: modelName, architecture: architecture)
    }
}
