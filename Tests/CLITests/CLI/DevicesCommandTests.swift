import Foundation
import SmokeCoreTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

/// `smokerun devices` over the smoke scenario's simctl listings, through a fake runner.
@Suite struct DevicesCommandTests {
    static let simctl = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/FakeXcode/Scenarios/smoke/simctl")

    /// Answers `xcrun simctl list KIND -j` from the scenario; anything else fails the test.
    struct ListingRunner: CommandRunning {
        func run(_ executable: String, _ arguments: [String], environment: [String: String]?, currentDirectory: URL?)
            throws -> CommandResult
        {
            guard executable == "xcrun", arguments.count == 4, arguments[0...1] == ["simctl", "list"] else {
                Issue.record("unexpected command \(executable) \(arguments)")
                return CommandResult(exitStatus: 64, standardOutput: Data())
            }
            return CommandResult(
                exitStatus: 0,
                standardOutput: try Data(
                    contentsOf: DevicesCommandTests.simctl.appendingPathComponent("\(arguments[2]).json")))
        }
    }

    func run(_ pipeline: String) async throws -> (ExitCode, String) {
        let folder = TestScratch.root.appendingPathComponent(
            "smokerun-devices-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Pipelines"), withIntermediateDirectories: true)
        try Data(pipeline.utf8).write(to: folder.appendingPathComponent("Pipelines/ios.json"))
        let out = BufferOutput()
        let context = HostContext(
            standardOutput: out, standardError: BufferOutput(), environment: [:], currentDirectory: folder,
            runner: ListingRunner())
        let command = try DevicesCommand(arguments: ["Pipelines/ios.json"])
        do {
            return (try await command.run(in: context), out.text)
        } catch let error as SimulatorError {
            return (ExitCode(error.kind), out.text + error.localizedDescription)
        }
    }

    @Test func withoutXcrunTheMessageSaysSimulatorsNeedAMacAndNamesTheCommandOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let context = HostContext(
            standardOutput: BufferOutput(), standardError: BufferOutput(), environment: ["PATH": folder.url.path],
            currentDirectory: folder.url, runner: ProcessCommandRunner())
        do {
            _ = try await DevicesCommand(arguments: []).run(in: context)
            Issue.record("devices without xcrun succeeded")
        } catch let error as SimulatorError {
            let message = error.localizedDescription
            #expect(message.components(separatedBy: "xcrun simctl list devices -j").count == 2, "\(message)")
            #if os(Linux)
                #expect(
                    message.contains("simulators need macOS with Xcode, and this machine is not a Mac"), "\(message)")
            #endif
            #expect(ExitCode(error.kind) == .infrastructure)
        }
    }

    @Test func showsTheResolvedDeviceTheStepsAndWhatIsInstalled() async throws {
        let (status, text) = try await run(
            #"{"name": "ios", "xcodebuild": {"project": "A.xcodeproj", "scheme": "A"}, "device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "17.5"}}"#
        )
        #expect(status == .passed)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(8)) == [
                "profile (Pipelines/ios.json): iPhone SE (3rd generation), 17.5 (iOS Simulator); create: yes, erase: yes",
                "resolves to: smokerun iPhone SE (3rd generation) (iOS 17.5) 8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90 — iOS 17.5 (21F79), com.apple.CoreSimulator.SimDeviceType.iPhone-SE-3rd-generation",
                "each run: smokerun's own simulator 'smokerun iPhone SE (3rd generation) (iOS 17.5)', erased before each run; your simulators are left alone",
                "before the tests:",
                "  xcrun simctl erase 8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90",
                "  xcrun simctl boot 8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90",
                "  xcrun simctl bootstatus 8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90 -b",
                "xcodebuild destination: id=8A2F6C1E-4B7D-4E0A-9C3B-7D5E1F2A6B90",
            ])
        #expect(text.contains("  iOS 15.4 (19E240)  com.apple.CoreSimulator.SimRuntime.iOS-15-4  [unavailable]"))
        #expect(text.contains("    iPhone 15  D41B9E07-63A8-4F2C-8E15-0B9C7A3F5E28  Booted"))
        // The unavailable device of the same name is never listed as a choice.
        #expect(!text.contains("0E7F4B6A-2D59-4C61-B8A4-5F3E9C2D1A77"))
    }

    @Test func aReusedSimulatorIsSaidToBeKeptAndIsNeverErased() async throws {
        let (status, text) = try await run(
            #"{"name": "ios", "xcodebuild": {"project": "A.xcodeproj", "scheme": "A"}, "device": {"platform": "iOS Simulator", "name": "iPhone 15", "runtime": "17.5", "reuse": true}}"#
        )
        #expect(status == .passed)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(6)) == [
                "profile (Pipelines/ios.json): iPhone 15, 17.5 (iOS Simulator); reuse: yes, erase: no",
                "resolves to: iPhone 15 D41B9E07-63A8-4F2C-8E15-0B9C7A3F5E28 — iOS 17.5 (21F79), com.apple.CoreSimulator.SimDeviceType.iPhone-15",
                "each run: your simulator 'iPhone 15' D41B9E07-63A8-4F2C-8E15-0B9C7A3F5E28, reused as it is: booted if needed, never erased or shut down",
                "before the tests:",
                "  xcrun simctl bootstatus D41B9E07-63A8-4F2C-8E15-0B9C7A3F5E28 -b",
                "xcodebuild destination: id=D41B9E07-63A8-4F2C-8E15-0B9C7A3F5E28",
            ], "\(text)")
    }

    @Test func aRuntimeThatIsNotInstalledExitsThreeListingTheInstalledOnes() async throws {
        let (status, text) = try await run(
            #"{"name": "ios", "xcodebuild": {"project": "A.xcodeproj", "scheme": "A"}, "device": {"platform": "iOS Simulator", "name": "iPhone SE (3rd generation)", "runtime": "iOS 18.2"}}"#
        )
        #expect(status == .infrastructure)
        #expect(
            text.contains(
                "simulator runtime 'iOS 18.2' (device.runtime) is not installed; installed: iOS 16.4, iOS 17.5, watchOS 10.5"
            ))
    }
}
