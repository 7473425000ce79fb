import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct LeftoverProcessesTests {
    typealias Group = LeftoverProcesses.Group

    @Test func theLockFileRoundTripsTheHolderAndItsGroups() {
        let groups = [Group(pid: 501, startTime: 1_800_000_000_000_001), Group(pid: 777, startTime: 42)]
        let text = LeftoverProcesses.render(holder: 500, groups: groups)
        #expect(text == "500\ngroup 501 1800000000000001\ngroup 777 42\n")
        let parsed = LeftoverProcesses.parse(text)
        #expect(parsed.holder == 500)
        #expect(parsed.groups == groups)
    }

    @Test func anOldStyleLockFileHasAHolderAndNoGroups() {
        let parsed = LeftoverProcesses.parse("4242\n")
        #expect(parsed.holder == 4242)
        #expect(parsed.groups.isEmpty)
    }

    @Test func garbageLinesAndUnsafePidsAreIgnored() {
        let parsed = LeftoverProcesses.parse(
            "12\ngroup x 3\ngroup 1 5\ngroup 0 5\ngroup -4 5\ngroup 9\nhello\ngroup 9 9\n")
        #expect(parsed.groups == [Group(pid: 9, startTime: 9)])
    }

    @Test func onlyGroupsWhoseLeaderStillRunsWithTheRecordedStartTimeAreEnded() {
        let recorded = [
            Group(pid: 100, startTime: 10), // still the same process: end it
            Group(pid: 200, startTime: 20), // pid reused by another program: leave it
            Group(pid: 300, startTime: 30), // gone
            Group(pid: 400, startTime: 40), // ourselves (a pid reused by the new smokerun)
            Group(pid: 100, startTime: 10), // recorded twice: ended once
        ]
        let running: [Int32: UInt64] = [100: 10, 200: 99, 400: 40]
        #expect(LeftoverProcesses.toEnd(recorded, startTime: { running[$0] }, ownPID: 400) == [100])
    }
}

@Suite struct ProcessStartTimeTests {
    @Test func aRunningProcessHasAStableStartTimeAndAMissingOneHasNone() {
        let mine = ProcessStartTime.of(getpid())
        #if os(Linux) || os(macOS)
            #expect(mine != nil)
            #expect(ProcessStartTime.of(getpid()) == mine)
        #endif
        #expect(ProcessStartTime.of(Int32.max) == nil)
    }
}

@Suite struct LeftoverMarkerTests {
    @Test func theLockFileRoundTripsTheHoldersMarkerPrefix() {
        let text = LeftoverProcesses.render(holder: 500, groups: [], tree: "500.77")
        #expect(text == "500\ntree 500.77\n")
        #expect(LeftoverProcesses.parse(text).tree == "500.77")
        #expect(LeftoverProcesses.parse("500\n").tree == nil)
        #expect(LeftoverProcesses.parse("500\ntree \n").tree == nil)
    }

    @Test func onlyProcessesMarkedByTheOldHolderAreEnded() {
        let markers: [(pid: Int32, marker: String)] = [
            (10, "500.77-1"), (11, "500.77-12"), (12, "500.7-1"), (13, "600.1-1"), (1, "500.77-1"),
        ]
        let gone: (Int32) -> UInt64? = { _ in nil }
        #expect(LeftoverProcesses.markedToEnd(markers, tree: "500.77", ownTree: "600.1", startTime: gone) == [10, 11])
        // The holder was this very process (a scheduler's earlier run): its sweeps ended its own.
        #expect(LeftoverProcesses.markedToEnd(markers, tree: "600.1", ownTree: "600.1", startTime: gone).isEmpty)
        #expect(LeftoverProcesses.markedToEnd(markers, tree: nil, ownTree: "600.1", startTime: gone).isEmpty)
        // A pid reused by another process is no living holder.
        let reused: (Int32) -> UInt64? = { $0 == 500 ? 78 : nil }
        #expect(
            LeftoverProcesses.markedToEnd(markers, tree: "500.77", ownTree: "600.1", startTime: reused) == [10, 11])
    }

    /// A scheduler that ran this pipeline earlier and runs another pipeline's tests now still holds its processes:
    /// a hand-run `smokerun run` of this pipeline leaves them alone.
    @Test func aLivingHoldersProcessesAreLeftAlone() {
        let markers: [(pid: Int32, marker: String)] = [(10, "500.77-1"), (11, "500.77-12")]
        let living: (Int32) -> UInt64? = { $0 == 500 ? 77 : nil }
        #expect(LeftoverProcesses.markedToEnd(markers, tree: "500.77", ownTree: "600.1", startTime: living).isEmpty)
    }
}
