import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `device` as one profile or a list of them, and the labels tests carry per device.
@Suite struct DeviceListTests {
    private func parse(_ device: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(
            Data(
                #"{"name": "s", "xcodebuild": {"scheme": "App", "project": "App.xcodeproj"}, "device": \#(device)}"#
                    .utf8), file: "Pipelines/test.json")
    }

    static let small = #"{"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 17.5"}"#
    static let large = #"{"platform": "iOS Simulator", "name": "iPhone 15", "runtime": "iOS 17.5"}"#

    @Test func oneProfileStaysOneDevice() throws {
        let pipeline = try parse(Self.small)
        #expect(pipeline.devices.count == 1 && pipeline.device.name == "iPhone SE (3rd generation)")
    }

    @Test func aListKeepsItsOrderAndTheFirstIsTheRunsDevice() throws {
        let pipeline = try parse("[\(Self.small), \(Self.large)]")
        #expect(pipeline.devices.map(\.name) == ["iPhone SE (3rd generation)", "iPhone 15"])
        #expect(pipeline.device.name == "iPhone SE (3rd generation)")
        #expect(DeviceRuns.labels(pipeline.devices) == ["iPhone SE (3rd generation)", "iPhone 15"])
    }

    @Test func twoProfilesOfOneNameAreToldApartByRuntime() throws {
        let older = #"{"platform": "iOS Simulator", "name": "iPhone 15", "runtime": "iOS 17.0"}"#
        let pipeline = try parse("[\(Self.large), \(older)]")
        #expect(DeviceRuns.labels(pipeline.devices) == ["iPhone 15 (iOS 17.5)", "iPhone 15 (iOS 17.0)"])
        #expect(DeviceRuns.folder("iPhone 15 (iOS 17.5)") == "iPhone_15__iOS_17.5_")
    }

    @Test(arguments: [
        ("[]", "'device': an empty list pins no device"),
        ("[\(small), 3]", "'device[1]': expected an object (a device profile), found a number"),
        ("[\(small), \(small)]", "'device[1]': repeats an earlier profile"),
        (
            #"[{"platform": "host"}, {"platform": "host", "swift": "6"}]"#,
            "'device[0]': a list of devices is for simulators"
        ),
        (#"[{"platform": "iOS Simulator"}]"#, "'device[0].name': is required"),
        ("\"iPhone 15\"", "'device': expected an object"),
    ])
    func mistakesNameTheKey(device: String, expected: String) {
        let error = #expect(throws: PipelineError.self) { try parse(device) }
        #expect(error?.errorDescription?.contains(expected) == true, "\(error?.errorDescription ?? "")")
    }

    @Test func aSwiftPMPipelineWithADeviceListIsRefusedNamingTheKeyAndTheFix() throws {
        let text = #"{"name": "s", "swiftpm": {"packagePath": "."}, "device": [\#(Self.small), \#(Self.large)]}"#
        let error = try #require(throws: PipelineError.self) {
            try PipelineLoader().parse(Data(text.utf8), file: "Pipelines/test.json")
        }
        let message = error.errorDescription ?? ""
        #expect(message.contains("Pipelines/test.json") && message.contains("'device'"), "\(message)")
        #expect(message.contains("'swiftpm' driver") && message.contains("'xcodebuild' driver"), "\(message)")
        #expect(error.kind == .invalidInput)
    }

    @Test func aSwiftPMPipelineWithAOneProfileListStillLoads() throws {
        let text = #"{"name": "s", "swiftpm": {"packagePath": "."}, "device": [{"platform": "host", "swift": "6"}]}"#
        let pipeline = try PipelineLoader().parse(Data(text.utf8), file: "Pipelines/test.json")
        #expect(pipeline.devices.count == 1 && pipeline.device.isHost)
    }

    @Test func joinedResultsCarryTheirDeviceAndContinueTheOrder() {
        func part(_ label: String, _ ids: [String]) -> DeviceRuns.Part {
            var result = DriverResult(
                device: ResolvedDevice(platform: "iOS Simulator", name: label, runtime: "iOS 17.5"))
            result.tests = ids.enumerated().map {
                TestResult(id: $1, name: $1, suite: "S", framework: .xctest, status: .passed, order: $0 + 1)
            }
            result.errors = [InfrastructureError(message: "slow boot")]
            return DeviceRuns.Part(label: label, result: result)
        }
        let parts = [part("A", ["S/t1", "S/t2"]), part("B", ["S/t1", "S/t2"])]
        let joined = DeviceRuns.join(
            parts, fallback: DriverResult(device: ResolvedDevice(platform: "host", name: nil, runtime: nil)))
        #expect(joined.tests.map(\.order) == [1, 2, 3, 4])
        #expect(joined.tests.map(\.device) == ["A", "A", "B", "B"])
        #expect(joined.errors.map(\.message) == ["A: slow boot", "B: slow boot"])
        #expect(joined.device.name == "A")
        #expect(joined.attachmentGroups.map { $0.tests.map(\.device) } == [["A", "A"], ["B", "B"]])
    }
}
