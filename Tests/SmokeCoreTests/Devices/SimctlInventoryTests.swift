import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The shared corpus, read in place (as CorpusRatchetTests does).
private let simctlCorpusFolder = CorpusLocation.file("simctl")

/// Every simctl JSON in ../shared/corpus/simctl (read in place, never copied) decodes, and a profile
/// resolves or fails with a clear message — never a crash. Skipped where the corpus is absent (CI).
@Suite(.enabled(if: CorpusLocation.shouldRun, "needs ../shared/corpus/simctl"))
struct SimctlInventoryTests {
    static let folder = simctlCorpusFolder

    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// Per file: the newest available iPhone, reused by name, resolves; a pinned iPhone SE (3rd generation)
    /// on iOS 17.5 resolves or says what is installed. Prints one line per file for the record.
    @Test func everyListingResolvesOrFailsClearly() throws {
        try CorpusLocation.require()
        var resolved = 0
        var explained = 0
        var listed = 0
        var ownResolved = 0
        for file in Self.files {
            var inventory = SimctlInventory()
            try inventory.add(json: try Data(contentsOf: file), source: file.lastPathComponent)
            listed += 1
            let available = inventory.devices.filter { device in
                device.isAvailable
                    && inventory.knownRuntimes.contains {
                        $0.isAvailable && $0.matches(key: device.runtimeKey) && $0.platform == "iOS"
                    }
            }
            var own = "no available iOS device"
            if let device = available.last,
                let runtime = inventory.knownRuntimes.first(where: { $0.matches(key: device.runtimeKey) })
            {
                var profile = DeviceProfile()
                profile.platform = "iOS Simulator"
                profile.name = device.name
                profile.runtime = runtime.name
                // The user's own device, reused on purpose (a bare name would create smokerun's own).
                profile.reuse = true
                let plan = try SimulatorResolver.plan(profile, inventory: inventory)
                #expect(
                    plan.device.udid != nil,
                    "\(file.lastPathComponent): \(device.name) on \(runtime.name) did not resolve to a listed device")
                own = "\(device.name) / \(runtime.name) → \(plan.device.udid ?? "?")"
                ownResolved += 1
            }
            var pinned = DeviceProfile()
            pinned.platform = "iOS Simulator"
            pinned.name = "iPhone SE (3rd generation)"
            pinned.runtime = "iOS 17.5"
            let outcome: String
            do {
                let plan = try SimulatorResolver.plan(pinned, inventory: inventory)
                resolved += 1
                outcome = "resolves: " + (plan.steps.first ?? "")
            } catch {
                explained += 1
                let message = error.localizedDescription
                #expect(
                    message.contains("installed:") || message.contains("known:") || message.contains("available:"),
                    "\(file.lastPathComponent): \(message)")
                outcome = "fails: " + String(message.prefix(90))
            }
            print(
                "simctl corpus \(file.lastPathComponent): \(inventory.devices.count) devices, \(inventory.knownRuntimes.count) runtimes, \(inventory.deviceTypes.count) device types; own: \(own); pinned: \(outcome)"
            )
        }
        print(
            "simctl corpus: \(listed) files decoded; a listed iOS device's own profile resolved in \(ownResolved); the pinned iOS 17.5 profile resolved in \(resolved), failed with a listing in \(explained)"
        )
        #expect(listed == Self.files.count)
    }
}
