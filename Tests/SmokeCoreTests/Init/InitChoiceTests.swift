import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `init`'s pure choices over the fake Xcode's scenario files (written in the real `xcodebuild -list -json`,
/// `-showTestPlans -json` and `simctl list -j` shapes): container, scheme, test plan, simulator, name.
@Suite struct InitChoiceTests {
    static let scenarios = PackageRoot.file("Tests/Fixtures/FakeXcode/Scenarios")

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: scenarios.appendingPathComponent(path))
    }

    static func inventory(_ scenario: String) throws -> SimctlInventory {
        var inventory = SimctlInventory()
        for kind in ["devices", "runtimes", "devicetypes"] {
            try inventory.add(json: try data("\(scenario)/simctl/\(kind).json"), source: kind)
        }
        return inventory
    }

    @Test func aProjectsAndAWorkspacesListingsRead() throws {
        let project = try XcodeSchemeListing.parse(
            listJSON: try Self.data("smoke/xcodebuild/list.json"), source: "-list")
        #expect(
            project
                == XcodeSchemeListing(
                    name: "SmokeApp", schemes: ["SmokeApp"],
                    targets: ["SmokeApp", "SmokeAppTests", "SmokeAppSwiftTests", "SmokeAppUITests"]))
        let workspace = try XcodeSchemeListing.parse(
            listJSON: try Self.data("workspace/xcodebuild/list.json"), source: "-list")
        #expect(workspace.schemes == ["SmokeApp", "SmokeAppUI", "SmokeKit"] && workspace.targets.isEmpty)
        #expect(
            try XcodeSchemeListing.testPlans(
                fromJSON: try Self.data("workspace/xcodebuild/test-plans/SmokeApp.json"), source: "plans")
                == ["SmokeApp", "SmokeAppNightly"])
        // A scheme without test plans answers `"testPlans" : null`.
        #expect(
            try XcodeSchemeListing.testPlans(
                fromJSON: try Self.data("workspace/xcodebuild/test-plans/SmokeKit.json"), source: "plans"
            ).isEmpty)
        #expect(throws: InitError.self) { try XcodeSchemeListing.parse(listJSON: Data("{}".utf8), source: "-list") }
        #expect(throws: InitError.self) {
            try XcodeSchemeListing.parse(listJSON: Data("xcodebuild: error".utf8), source: "-list")
        }
    }

    @Test func theWorkspaceComesBeforeTheProjectAndTwoOfAKindAreAQuestion() throws {
        #expect(
            try XcodeContainer.choose(entries: ["App.xcodeproj", "App.xcworkspace", "Package.swift"])
                == XcodeContainer(kind: .workspace, path: "App.xcworkspace"))
        #expect(try XcodeContainer.choose(entries: ["App.xcodeproj"])?.arguments == ["-project", "App.xcodeproj"])
        #expect(try XcodeContainer.choose(entries: ["Package.swift", "Sources"]) == nil)
        #expect(
            try XcodeContainer.choose(entries: ["A.xcodeproj", "B.xcodeproj"], project: "B.xcodeproj")?.path
                == "B.xcodeproj")
        #expect(throws: InitError.severalContainers(kind: "project", found: ["A.xcodeproj", "B.xcodeproj"])) {
            try XcodeContainer.choose(entries: ["B.xcodeproj", "A.xcodeproj"])
        }
    }

    @Test func theOneSchemeWithTestPlansIsChosenSeveralAreListed() throws {
        let listing = XcodeSchemeListing(name: "SmokeApp", schemes: ["SmokeApp", "SmokeAppUI", "SmokeKit"])
        let plans = ["SmokeApp": ["SmokeApp", "SmokeAppNightly"], "SmokeAppUI": ["SmokeAppUI"], "SmokeKit": []]
        #expect(throws: InitError.severalSchemes(container: "W", candidates: ["SmokeApp", "SmokeAppUI"])) {
            try InitSchemeChoice.choose(listing: listing, plans: plans, container: "W", scheme: nil, testPlan: nil)
        }
        let asked = try InitSchemeChoice.choose(
            listing: listing, plans: plans, container: "W", scheme: "SmokeApp", testPlan: nil)
        #expect(
            asked
                == InitSchemeChoice(
                    scheme: "SmokeApp", testPlan: "SmokeApp", testPlans: ["SmokeApp", "SmokeAppNightly"]))
        #expect(
            try InitSchemeChoice.choose(
                listing: listing, plans: plans, container: "W", scheme: "SmokeApp", testPlan: "SmokeAppNightly"
            ).testPlan == "SmokeAppNightly")
        #expect(
            throws: InitError.unknownTestPlan(
                requested: "Nope", scheme: "SmokeApp", plans: ["SmokeApp", "SmokeAppNightly"])
        ) {
            try InitSchemeChoice.choose(
                listing: listing, plans: plans, container: "W", scheme: "SmokeApp", testPlan: "Nope")
        }
        #expect(throws: InitError.unknownScheme(requested: "Smoke", container: "W", schemes: listing.schemes)) {
            try InitSchemeChoice.choose(listing: listing, plans: plans, container: "W", scheme: "Smoke", testPlan: nil)
        }
        // Only one scheme has plans: it is the one with tests.
        let one = try InitSchemeChoice.choose(
            listing: listing, plans: ["SmokeAppUI": ["SmokeAppUI"]], container: "W", scheme: nil, testPlan: nil)
        #expect(one.scheme == "SmokeAppUI")
        // No plans anywhere (plain Test actions): a single scheme is chosen, with no plan.
        let plain = try InitSchemeChoice.choose(
            listing: XcodeSchemeListing(name: "App", schemes: ["App"]), plans: [:], container: "P", scheme: nil,
            testPlan: nil)
        #expect(plain == InitSchemeChoice(scheme: "App", testPlan: nil, testPlans: []))
        #expect(throws: InitError.noSchemes(container: "P")) {
            try InitSchemeChoice.choose(
                listing: XcodeSchemeListing(name: "App", schemes: []), plans: [:], container: "P", scheme: nil,
                testPlan: nil)
        }
    }

    @Test func theDefaultIsTheNewestIPhoneOnTheNewestIOS() throws {
        let runner = try InitDeviceChoice.choose(inventory: try Self.inventory("ios-smoke"), device: nil, runtime: nil)
        #expect(runner.profile.name == "iPhone 16" && runner.profile.runtime == "iOS 18.5")
        #expect(runner.profile.platform == "iOS Simulator" && runner.profile.create && runner.profile.erasesDevice)
        // A device type, never the user's "iPhone 16" simulator (4D9A6FB3-…): smokerun creates its own.
        #expect(!runner.profile.reusesUserDevice && runner.udid == nil && !runner.pinnedByOptions)
        #expect(
            runner.fate
                == "smokerun creates its own simulator 'smokerun iPhone 16 (iOS 18.5)' and owns it; your simulators are left alone"
        )
        #expect(runner.runtimes == ["iOS 17.5", "iOS 18.5"])
        // The smoke scenario: iOS 17.5 is the newest available iOS (15.4 is unavailable); iPhone 15 beats SE.
        let smoke = try InitDeviceChoice.choose(inventory: try Self.inventory("smoke"), device: nil, runtime: nil)
        #expect(smoke.profile.name == "iPhone 15" && smoke.profile.runtime == "iOS 17.5")
        // The user's booted iPhone 15 (D41B9E07-…) is not pinned: smokerun's own device will be created.
        #expect(smoke.udid == nil && !smoke.profile.reuse && smoke.profile.udid == nil)
        #expect(
            ["iPhone 17", "iPhone 16", "iPhone 16 Pro Max", "iPhone 16e", "iPhone Air", "iPhone SE (3rd generation)"]
                .shuffled().sorted(by: InitDeviceChoice.newerFirst)
                == [
                    "iPhone 17", "iPhone 16", "iPhone 16e", "iPhone 16 Pro Max", "iPhone Air",
                    "iPhone SE (3rd generation)",
                ])
        #expect(
            ["iPhone 6", "iPhone 6s", "iPhone 8", "iPhone X", "iPhone XS", "iPhone XR", "iPhone 11"].shuffled()
                .sorted(by: InitDeviceChoice.newerFirst)
                == ["iPhone 11", "iPhone XS", "iPhone X", "iPhone XR", "iPhone 8", "iPhone 6s", "iPhone 6"])
    }

    @Test func aPinnedDeviceAndRuntimeAreCheckedAgainstWhatIsInstalled() throws {
        let inventory = try Self.inventory("ios-smoke")
        let pinned = try InitDeviceChoice.choose(inventory: inventory, device: "iPhone 15", runtime: "17.5")
        #expect(pinned.profile.name == "iPhone 15" && pinned.profile.runtime == "iOS 17.5" && pinned.pinnedByOptions)
        // A device type, even where the user has a simulator of that name (7ACD92E6-…): smokerun's own is created.
        #expect(pinned.udid == nil && !pinned.profile.reuse)
        let created = try InitDeviceChoice.choose(inventory: inventory, device: "iPhone 16", runtime: "iOS 17.5")
        #expect(created.udid == nil)
        // A name that is not a device type but one of the user's simulators: reused as it is, never erased.
        var mine = inventory
        mine.devices.append(
            SimctlDevice(
                name: "Ana's phone", udid: "ANA-1", state: "Booted",
                runtimeKey: "com.apple.CoreSimulator.SimRuntime.iOS-18-5"))
        let reused = try InitDeviceChoice.choose(inventory: mine, device: "Ana's phone", runtime: nil)
        #expect(reused.profile.reuse && !reused.profile.erasesDevice && reused.udid == "ANA-1")
        #expect(reused.fate.contains("your simulator 'Ana's phone' ANA-1, reused as it is"))
        let written = PipelineTemplate.xcodebuild(
            name: "x", container: XcodeContainer(kind: .project, path: "A.xcodeproj"),
            scheme: InitSchemeChoice(scheme: "A", testPlan: nil, testPlans: []), device: reused.profile)
        #expect(written.contains(#""reuse": true"#) && !written.contains(#""erase""#))
        #expect(throws: InitError.unknownRuntime(requested: "iOS 12.4", installed: ["iOS 17.5", "iOS 18.5"])) {
            try InitDeviceChoice.choose(inventory: inventory, device: nil, runtime: "iOS 12.4")
        }
        do {
            _ = try InitDeviceChoice.choose(inventory: inventory, device: "iPhone 99", runtime: nil)
            Issue.record("an unknown device was accepted")
        } catch {
            #expect(
                error
                    == .unknownDevice(
                        requested: "iPhone 99", runtime: "iOS 18.5",
                        devices: [
                            "iPad (A16)", "iPhone 16", "iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max",
                            "iPhone 16e",
                        ],
                        deviceTypes: inventory.deviceTypes.map(\.name)))
            #expect(error.localizedDescription.contains("simulators on iOS 18.5: iPad (A16), iPhone 16,"))
            #expect(error.kind == .invalidInput)
        }
        #expect(throws: InitError.noRuntime(platform: "iOS", installed: [])) {
            try InitDeviceChoice.choose(inventory: SimctlInventory(), device: nil, runtime: nil)
        }
    }

    @Test func theNameComesFromThePackageOrTheScheme() {
        #expect(
            PipelineTemplate.packageName(
                manifest: "// swift-tools-version:6.0\nlet package = Package(\n    name: \"TipCalculator\",\n")
                == "TipCalculator")
        #expect(PipelineTemplate.packageName(manifest: "let package = Package(products: [], name: \"X\")") == nil)
        #expect(PipelineTemplate.packageName(manifest: "// swift-tools-version:6.0\n") == nil)
        #expect(PipelineTemplate.pipelineName(from: "My App (iOS)") == "My-App-iOS")
        #expect(PipelineTemplate.pipelineName(from: "Café") == "Caf")
        #expect(PipelineTemplate.pipelineName(from: "…") == "smoke")
    }
}
