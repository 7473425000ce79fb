import Foundation
import Testing

@testable import SmokeCore

/// Profile + simctl listings → device and steps, for every runtime spelling and old listing formats.
@Suite struct SimulatorResolverTests {
    static let devicesJSON = #"""
        {"devices": {
          "com.apple.CoreSimulator.SimRuntime.iOS-17-5": [
            {"name": "smokerun iPhone SE (3rd generation) (iOS 17.5)", "udid": "BBBB-2", "state": "Shutdown",
             "isAvailable": true,
             "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation"},
            {"name": "smokerun iPhone SE (3rd generation) (iOS 17.5)", "udid": "AAAA-1", "state": "Shutdown",
             "isAvailable": false},
            {"name": "iPhone SE (3rd generation)", "udid": "EEEE-5", "state": "Booted", "isAvailable": true},
            {"name": "iPhone 15", "udid": "CCCC-3", "state": "Booted", "isAvailable": true}
          ],
          "com.apple.CoreSimulator.SimRuntime.iOS-16-4": [
            {"name": "iPhone SE (3rd generation)", "udid": "DDDD-4", "state": "Shutdown", "isAvailable": true}
          ]
        }}
        """#
    static let runtimesJSON = #"""
        {"runtimes": [
          {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-17-5", "version": "17.5", "name": "iOS 17.5", "buildversion": "21F79", "isAvailable": true},
          {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-16-4", "version": "16.4", "name": "iOS 16.4", "buildversion": "20E247", "isAvailable": true},
          {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-15-0", "version": "15.0", "name": "iOS 15.0", "isAvailable": false}
        ]}
        """#
    static let deviceTypesJSON = #"""
        {"devicetypes": [
          {"identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation", "name": "iPhone SE (3rd generation)", "productFamily": "iPhone"},
          {"identifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-15", "name": "iPhone 15"}
        ]}
        """#

    static func inventory(devices: String = devicesJSON) throws -> SimctlInventory {
        var inventory = SimctlInventory()
        try inventory.add(json: Data(devices.utf8), source: "devices")
        try inventory.add(json: Data(runtimesJSON.utf8), source: "runtimes")
        try inventory.add(json: Data(deviceTypesJSON.utf8), source: "devicetypes")
        return inventory
    }

    static func profile(
        _ name: String = "iPhone SE (3rd generation)", runtime: String? = "iOS 17.5", create: Bool = true,
        erase: Bool? = nil
    ) -> DeviceProfile {
        var profile = DeviceProfile()
        profile.platform = "iOS Simulator"
        profile.name = name
        profile.runtime = runtime
        profile.create = create
        profile.erase = erase
        return profile
    }

    /// The device a plan resolves to names the lock two runs take turns on, however the profile spells it: a UDID,
    /// `iOS 17`, `17.5`, no runtime (the newest) that land on smokerun's one device are one key; another runtime is
    /// another.
    @Test func profilesResolvingToOneDeviceHaveOneDeviceKey() throws {
        let inventory = try Self.inventory()
        let pinned = try SimulatorResolver.plan(Self.profile(), inventory: inventory).deviceKey
        #expect(pinned == "smokerun iPhone SE (3rd generation) (iOS 17.5)-iOS 17.5")
        for runtime in ["17.5", "iOS 17", " iOS 17.5", "com.apple.CoreSimulator.SimRuntime.iOS-17-5", nil] {
            let plan = try SimulatorResolver.plan(Self.profile(runtime: runtime), inventory: inventory)
            #expect(plan.deviceKey == pinned)
        }
        var byUDID = Self.profile(runtime: nil)
        byUDID.udid = "BBBB-2"
        #expect(try SimulatorResolver.plan(byUDID, inventory: inventory).deviceKey == pinned)
        #expect(try SimulatorResolver.plan(Self.profile(runtime: "16.4"), inventory: inventory).deviceKey != pinned)
    }

    @Test(arguments: ["iOS 17.5", "17.5", "com.apple.CoreSimulator.SimRuntime.iOS-17-5"])
    func everyRuntimeSpellingPicksTheAvailableDevice(runtime: String) throws {
        let plan = try SimulatorResolver.plan(Self.profile(runtime: runtime), inventory: Self.inventory())
        #expect(
            plan.device
                == ResolvedDevice(
                    platform: "iOS Simulator", name: "smokerun iPhone SE (3rd generation) (iOS 17.5)", udid: "BBBB-2",
                    runtime: "iOS 17.5",
                    runtimeBuild: "21F79", deviceType: "com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation")
        )
        #expect(plan.actions == [.erase, .boot, .waitForBoot])
        #expect(plan.ownership == .owned)
        #expect(plan.fate.contains("smokerun's own simulator 'smokerun iPhone SE (3rd generation) (iOS 17.5)'"))
    }

    @Test func theUsersBootedDeviceIsNeverChosenShutDownOrErasedUnlessThePipelineSaysSo() throws {
        // The profile names the type of the user's booted "iPhone 15": smokerun creates its own instead.
        let own = try SimulatorResolver.plan(Self.profile("iPhone 15"), inventory: Self.inventory())
        #expect(own.ownership == .created && own.device.udid == nil)
        #expect(!own.steps.contains { $0.contains("CCCC-3") }, "\(own.steps)")
        #expect(own.fate.contains("creates its own simulator 'smokerun iPhone 15 (iOS 17.5)'"))
        // Reused on purpose (by name or UDID): only waited for, never shut down or erased.
        var reused = Self.profile("iPhone 15")
        reused.reuse = true
        let kept = try SimulatorResolver.plan(reused, inventory: Self.inventory())
        #expect(kept.device.udid == "CCCC-3" && kept.actions == [.waitForBoot] && kept.ownership == .reused)
        #expect(kept.fate.contains("your simulator 'iPhone 15' CCCC-3, reused as it is"))
        var byUDID = DeviceProfile()
        byUDID.platform = "iOS Simulator"
        byUDID.udid = "CCCC-3"
        let pinned = try SimulatorResolver.plan(byUDID, inventory: Self.inventory())
        #expect(pinned.device.udid == "CCCC-3" && pinned.device.runtime == "iOS 17.5")
        #expect(pinned.actions == [.waitForBoot])
        // …and erased only when the pipeline says "erase": true for it; a booted one is shut down first.
        reused.erase = true
        let erased = try SimulatorResolver.plan(reused, inventory: Self.inventory())
        #expect(
            erased.steps == [
                "xcrun simctl shutdown CCCC-3", "xcrun simctl erase CCCC-3", "xcrun simctl boot CCCC-3",
                "xcrun simctl bootstatus CCCC-3 -b",
            ])
        #expect(erased.fate.contains("ERASED before each run"))
        // smokerun's own device without erase: only waited for.
        let ownKept = try SimulatorResolver.plan(Self.profile(erase: false), inventory: Self.inventory())
        #expect(ownKept.device.udid == "BBBB-2" && ownKept.actions == [.boot, .waitForBoot])
        byUDID.udid = "NOPE"
        #expect(throws: SimulatorError.self) { try SimulatorResolver.plan(byUDID, inventory: Self.inventory()) }
    }

    @Test func aMissingDeviceIsCreatedWithDeterministicNameTypeAndRuntime() throws {
        let plan = try SimulatorResolver.plan(Self.profile("iPhone 15", runtime: "16.4"), inventory: Self.inventory())
        #expect(plan.device.udid == nil)
        #expect(plan.device.name == "smokerun iPhone 15 (iOS 16.4)")
        #expect(
            plan.actions == [
                .create(
                    name: "smokerun iPhone 15 (iOS 16.4)",
                    deviceType: "com.apple.CoreSimulator.SimDeviceType.iPhone-15",
                    runtime: "com.apple.CoreSimulator.SimRuntime.iOS-16-4"),
                .boot, .waitForBoot,
            ])
    }

    @Test func smokerunsOwnDeviceIsChosenAndTheUsersOfTheProfileNameNever() throws {
        let devices =
            #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-17-5": [{"name": "iPhone SE (3rd generation)", "udid": "A", "state": "Booted"}, {"name": "smokerun iPhone SE (3rd generation) (iOS 17.5)", "udid": "Z", "state": "Shutdown"}]}}"#
        let plan = try SimulatorResolver.plan(Self.profile(), inventory: Self.inventory(devices: devices))
        #expect(plan.device.udid == "Z")
        let alone =
            #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-17-5": [{"name": "iPhone SE (3rd generation)", "udid": "A", "state": "Booted"}]}}"#
        let created = try SimulatorResolver.plan(Self.profile(), inventory: Self.inventory(devices: alone))
        #expect(created.ownership == .created && !created.steps.contains { $0.contains(" A") })
    }

    @Test func aRuntimeThatIsNotInstalledListsTheInstalledOnes() throws {
        #expect(throws: SimulatorError.runtimeNotInstalled(requested: "iOS 18.0", installed: ["iOS 17.5", "iOS 16.4"]))
        {
            try SimulatorResolver.plan(Self.profile(runtime: "iOS 18.0"), inventory: Self.inventory())
        }
        // A runtime simctl lists as unavailable is never used, and the message says so (not "not installed").
        #expect(
            throws: SimulatorError.runtimeUnavailable(
                requested: "15.0", runtime: "iOS 15.0", reason: nil, installed: ["iOS 17.5", "iOS 16.4"])
        ) {
            try SimulatorResolver.plan(Self.profile(runtime: "15.0"), inventory: Self.inventory())
        }
        let message = SimulatorError.runtimeNotInstalled(requested: "iOS 18.0", installed: ["iOS 17.5"])
            .localizedDescription
        #expect(message.contains("installed: iOS 17.5"))
        // simctl's own reason is the fix to make.
        var broken = SimctlInventory()
        let runtime =
            #"{"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-2", "version": "18.2", "name": "iOS 18.2""#
        let reason = "Unable to mount disk image"
        try broken.add(
            json: Data(#"{"runtimes": [\#(runtime), "isAvailable": false, "availabilityError": "\#(reason)"}]}"#.utf8),
            source: "runtimes")
        #expect(
            throws: SimulatorError.runtimeUnavailable(
                requested: "18.2", runtime: "iOS 18.2", reason: reason, installed: [])
        ) {
            try SimulatorResolver.runtime(for: Self.profile(runtime: "18.2"), inventory: broken)
        }
    }

    /// A runtime deleted in Xcode leaves its devices listed, unavailable (`runtime profile not found`), and no
    /// runtime: it is not installed, rather than a runtime `simctl create` then refuses.
    @Test func aDeletedRuntimesLeftoverDevicesDoNotMakeItInstalled() throws {
        let devices = #"""
            {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-16-0": [
              {"name": "iPhone 14", "udid": "FFFF-6", "state": "Shutdown", "isAvailable": false,
               "availabilityError": "runtime profile not found"}
            ]}}
            """#
        #expect(throws: SimulatorError.runtimeNotInstalled(requested: "iOS 16.0", installed: ["iOS 17.5", "iOS 16.4"]))
        {
            try SimulatorResolver.plan(Self.profile(runtime: "iOS 16.0"), inventory: Self.inventory(devices: devices))
        }
    }

    @Test func anUnknownDeviceTypeOrCreateFalseIsAClearError() throws {
        #expect(
            throws: SimulatorError.deviceTypeNotInstalled(
                requested: "iPhone 99", installed: ["iPhone SE (3rd generation)", "iPhone 15"])
        ) {
            try SimulatorResolver.plan(Self.profile("iPhone 99"), inventory: Self.inventory())
        }
        #expect(
            throws: SimulatorError.deviceMissing(
                name: "smokerun iPhone 15 (iOS 16.4)", runtime: "iOS 16.4", available: ["iPhone SE (3rd generation)"])
        ) {
            try SimulatorResolver.plan(
                Self.profile("iPhone 15", runtime: "16.4", create: false), inventory: Self.inventory())
        }
        #expect(SimulatorError.noDeviceName(platform: "iOS Simulator").kind == .infrastructure)
    }

    @Test func xcode10ListingsWithRuntimeNamesAndAvailabilityTextResolve() throws {
        let devices =
            #"{"devices": {"iOS 12.1": [{"name": "iPhone X", "udid": "OLD-1", "state": "Shutdown", "availability": "(unavailable, runtime profile not found)"}, {"name": "iPhone X", "udid": "OLD-2", "state": "Booted", "availability": "(available)"}]}}"#
        var inventory = SimctlInventory()
        try inventory.add(json: Data(devices.utf8), source: "devices")
        var profile = Self.profile("iPhone X", runtime: "12.1")
        profile.reuse = true
        let plan = try SimulatorResolver.plan(profile, inventory: inventory)
        #expect(plan.device.udid == "OLD-2")
        #expect(plan.device.runtime == "iOS 12.1")
        #expect(plan.actions == [.waitForBoot])
    }

    @Test(arguments: [
        ("com.apple.CoreSimulator.SimRuntime.iOS-26-3", "26.3.1", "iOS 26.3", "26.3", true),
        ("com.apple.CoreSimulator.SimRuntime.iOS-17-5", "17.5", "iOS 17.5", "17", true),
        ("com.apple.CoreSimulator.SimRuntime.iOS-17-5", "17.5", "iOS 17.5", "17.50", false),
        ("com.apple.CoreSimulator.SimRuntime.tvOS-17-5", "17.5", "tvOS 17.5", "iOS 17.5", false),
        ("com.apple.CoreSimulator.SimRuntime.xrOS-2-0", "2.0", "visionOS 2.0", "visionOS 2.0", true),
    ])
    func runtimeSpecsMatchByPlatformAndVersionPrefix(
        identifier: String, version: String, name: String, requested: String, expected: Bool
    ) {
        let runtime = SimctlRuntime(identifier: identifier, name: name, version: version)
        #expect(RuntimeSpec.parse(requested, defaultPlatform: "iOS Simulator").matches(runtime) == expected)
    }

    @Test func undecodableListingsNameTheCommand() {
        var inventory = SimctlInventory()
        #expect(throws: SimulatorError.self) {
            try inventory.add(
                json: Data("xcrun: error: unable to find utility".utf8), source: "`xcrun simctl list devices -j`")
        }
        do {
            try inventory.add(json: Data(#"{"devices": {"iOS 17": 3}}"#.utf8), source: "`xcrun simctl list devices -j`")
        } catch {
            #expect(
                error.localizedDescription.contains("could not read `xcrun simctl list devices -j`: devices.iOS 17"))
        }
    }

    /// Xcode 10's betas printed `"isAvailable": "YES"`: read as the flag it is, not a listing refused; a field of a
    /// type no Xcode printed is unknown, never the whole listing lost.
    @Test func aFlagPrintedAsTextAndAFieldOfAnotherTypeAreRead() throws {
        var inventory = SimctlInventory()
        let devices = #"""
            {"devices": {"iOS 11.0": [{"name": "iPhone 8", "udid": "E-1", "state": "Shutdown", "isAvailable": "YES"}],
             "iOS 12.0": [{"name": "iPhone X", "udid": "E-2", "state": 7, "isAvailable": "NO"}]}}
            """#
        try inventory.add(json: Data(devices.utf8), source: "devices")
        #expect(inventory.devices.map(\.isAvailable) == [true, false])
        #expect(inventory.devices.map(\.state) == ["Shutdown", "Unknown"])
        var profile = Self.profile("iPhone 8", runtime: "11.0")
        profile.reuse = true
        #expect(try SimulatorResolver.plan(profile, inventory: inventory).device.udid == "E-1")
    }

    /// Xcode 13 and later list the device types each runtime runs: an unpinned runtime is the newest that runs the
    /// device type, and a pinned one that does not run it says which do, before `simctl create` would refuse.
    @Test func aRuntimeIsOneThatRunsTheDeviceType() throws {
        func runtime(_ version: String, runs types: [String]) -> String {
            let supported = types.map { #"{"name": "\#($0)", "identifier": "id.\#($0)"}"# }.joined(separator: ",")
            let identifier =
                "com.apple.CoreSimulator.SimRuntime.iOS-\(version.replacingOccurrences(of: ".", with: "-"))"
            return
                #"{"identifier": "\#(identifier)", "version": "\#(version)", "name": "iOS \#(version)", "isAvailable": true, "supportedDeviceTypes": [\#(supported)]}"#
        }
        var inventory = SimctlInventory()
        let runtimes = [
            runtime("13.7", runs: ["iPod touch (7th generation)", "iPhone 11"]), runtime("16.0", runs: ["iPhone 11"]),
        ]
        try inventory.add(json: Data(#"{"runtimes": [\#(runtimes.joined(separator: ","))]}"#.utf8), source: "runtimes")
        try inventory.add(
            json: Data(
                #"{"devicetypes": [{"name": "iPod touch (7th generation)", "identifier": "id.iPod"}, {"name": "iPhone 11", "identifier": "id.11"}]}"#
                    .utf8),
            source: "devicetypes")
        #expect(
            try SimulatorResolver.runtime(
                for: Self.profile("iPod touch (7th generation)", runtime: nil), inventory: inventory
            ).name == "iOS 13.7")
        #expect(
            try SimulatorResolver.runtime(for: Self.profile("iPhone 11", runtime: nil), inventory: inventory).name
                == "iOS 16.0")
        // A name no device type has (a typo) is said to be one, not a runtime that does not run it.
        #expect(
            throws: SimulatorError.deviceTypeNotInstalled(
                requested: "iphone 11", installed: ["iPod touch (7th generation)", "iPhone 11"])
        ) {
            try SimulatorResolver.plan(Self.profile("iphone 11", runtime: "16.0"), inventory: inventory)
        }
        #expect(
            throws: SimulatorError.deviceTypeNotRun(
                deviceType: "iPod touch (7th generation)", runtime: "iOS 16.0", runBy: ["iOS 13.7"])
        ) {
            try SimulatorResolver.plan(
                Self.profile("iPod touch (7th generation)", runtime: "16.0"), inventory: inventory)
        }
    }

    /// Each message's fix fits the case: the platform to download, a runtime this macOS cannot run, a pinned
    /// simulator on another runtime.
    @Test func eachSimulatorMessageGivesAFixThatFits() throws {
        #expect(
            SimulatorError.runtimeNotInstalled(requested: "tvOS 17.0", installed: []).localizedDescription.contains(
                "-downloadPlatform tvOS"))
        #expect(
            SimulatorError.runtimeNotInstalled(requested: "17.0", installed: []).localizedDescription.contains(
                "-downloadPlatform iOS"))
        let tooNew = SimulatorError.runtimeUnavailable(
            requested: "10.3", runtime: "iOS 10.3",
            reason: "runtime profile not supported on hosts after macOS 10.14.99", installed: [])
        #expect(tooNew.localizedDescription.contains("This Mac's macOS cannot run it"))
        #expect(!tooNew.localizedDescription.contains("reinstall"))
        let devices =
            #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-16-4": [{"name": "Ana's phone", "udid": "ANA-1", "state": "Shutdown"}]}}"#
        var profile = Self.profile("x", runtime: "iOS 17.5")
        profile.udid = "ANA-1"
        #expect(
            throws: SimulatorError.udidOnAnotherRuntime(
                udid: "ANA-1", name: "Ana's phone", runtime: "iOS 16.4", requested: "iOS 17.5")
        ) {
            try SimulatorResolver.plan(profile, inventory: Self.inventory(devices: devices))
        }
    }
}
