import Foundation
import SmokeCore

/// One run at a time on a simulator: two pipelines whose profiles resolve to one device share it, and one would shut
/// down and erase it under the other's tests. A `WaitingFileLock` named after the device (simulators are per user).
enum SimulatorLock {
    /// `smokerun-simulators` in the run's temporary folder (`TMPDIR` of its environment).
    static func folder(environment: [String: String]) -> URL {
        WaitingFileLock.folder("simulators", environment: environment)
    }

    /// The lock file of the device a plan resolved: `SimulatorPlan.deviceKey`, as a safe file name.
    static func fileURL(for plan: SimulatorPlan, environment: [String: String] = [:]) -> URL {
        folder(environment: environment).appendingPathComponent(WaitingFileLock.fileName(plan.deviceKey))
    }
}
