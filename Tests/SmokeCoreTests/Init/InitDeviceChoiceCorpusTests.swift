import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// `init`'s default simulator over every simctl JSON listing of the shared corpus (read in place): it picks an
/// iPhone on the newest available iOS runtime that a run then resolves, or says why it cannot (no iOS runtime,
/// no iPhone) — never a crash. Skipped where the corpus is absent (CI).
@Suite(.enabled(if: CorpusLocation.shouldRun, "needs ../shared/corpus/simctl"))
struct InitDeviceChoiceCorpusTests {
    @Test func everyListingGetsADefaultThatResolvesOrAReason() throws {
        try CorpusLocation.require()
        let folder = CorpusLocation.file("simctl")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        var chosen = 0
        var explained = 0
        for name in files {
            var inventory = SimctlInventory()
            try inventory.add(json: try Data(contentsOf: folder.appendingPathComponent(name)), source: name)
            do {
                let choice = try InitDeviceChoice.choose(inventory: inventory, device: nil, runtime: nil)
                let plan = try SimulatorResolver.plan(choice.profile, inventory: inventory)
                #expect(choice.profile.name?.hasPrefix("iPhone") == true, "\(name)")
                // A listing without device types can only pin an existing simulator.
                #expect(choice.udid != nil || !inventory.deviceTypes.isEmpty, "\(name)")
                #expect(choice.udid == nil || plan.device.udid == choice.udid, "\(name)")
                chosen += 1
                print("init default \(name): \(choice.profile.name ?? "") on \(choice.profile.runtime ?? "")")
            } catch let error as InitError {
                #expect([ErrorKind.infrastructure].contains(error.kind), "\(name): \(error)")
                explained += 1
                print("init default \(name): \(error.localizedDescription.prefix(100))")
            }
        }
        print("init default over the simctl corpus: \(files.count) listings, \(chosen) chosen, \(explained) explained")
        #expect(chosen + explained == files.count && chosen > 0)
    }
}
