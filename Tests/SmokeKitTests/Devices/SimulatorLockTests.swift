import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Two runs of one device profile take turns on its simulator: the second waits, says so once, and stops waiting
/// when its run must stop.
@Suite struct SimulatorLockTests {
    @Test func aSecondRunWaitsForTheSimulatorUntilItsRunMustStop() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("iPhone_SE-iOS_17.5.lock")
        let what = "the simulator another smokerun run was using"
        let first = try #require(try WaitingFileLock.acquire(url, what: what, stop: { nil }, waiting: {}))
        var waited = 0
        var checks = 0
        let stopped = try #require(throws: WaitingFileLock.Stopped.self) {
            _ = try WaitingFileLock.acquire(
                url, what: what,
                stop: {
                    checks += 1
                    return checks > 3 ? "the run reached timeouts.runSeconds" : nil
                }, waiting: { waited += 1 }, sleep: { _ in })
        }
        #expect(waited == 1 && checks == 4)
        #expect(stopped.message.hasPrefix("the run reached timeouts.runSeconds while waiting for the simulator"))
        first.release()
        let second = try #require(try WaitingFileLock.acquire(url, what: what, stop: { nil }, waiting: { waited += 1 }))
        second.release()
        #expect(waited == 1)
    }

    @Test func theResolvedDeviceNamesItsLockFile() {
        let device = ResolvedDevice(
            platform: "iOS Simulator", name: "smokerun iPhone SE (3rd generation) (iOS 17.5)", runtime: "iOS 17.5")
        let plan = SimulatorPlan(device: device, actions: [], ownership: .owned)
        #expect(
            SimulatorLock.fileURL(for: plan).lastPathComponent
                == "smokerun_iPhone_SE__3rd_generation___iOS_17.5_-iOS_17.5.lock")
    }
}
