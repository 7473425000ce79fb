import Foundation
import SmokeCore

/// Ends what a test process left running (`StrayProcesses`): SIGTERM, `grace` seconds, SIGKILL; reaps our children.
struct StraySweeper {
    var children: KnownChildren = .shared

    /// Ends the leftovers of the test process `ended` (started with `marker`, at `startedAt` when known); returns them.
    func sweep(ended: Int32, marker: String, startedAt: UInt64? = nil, grace: TimeInterval) -> [StrayProcesses.Stray] {
        let owner = getpid()
        let (selected, zombies) = children.withKnown { known in
            let table = ProcessTree.table()
            let situation = StrayProcesses.Situation(
                owner: owner, ended: ended, token: marker, known: known, adoptsOrphans: ProcessTree.adoptsOrphans,
                startedAt: startedAt)
            return (
                StrayProcesses.select(from: table, in: situation, marker: ProcessTree.marker(of:)),
                StrayProcesses.unclaimedZombies(in: table, owner: owner, known: known)
            )
        }
        let running = selected.filter { !$0.isZombie }
        let strays = running.map { entry in
            StrayProcesses.Stray(
                pid: entry.pid, command: ProcessTree.commandLine(of: entry.pid) ?? entry.name,
                startedAt: ProcessTree.startDate(entry.startTime))
        }
        for entry in running { kill(entry.pid, SIGTERM) }
        var left = waitUntilGone(running, owner: owner, seconds: grace)
        if !left.isEmpty {
            for entry in left { kill(entry.pid, SIGKILL) }
            left = waitUntilGone(left, owner: owner, seconds: 2)
        }
        // Reap finished orphans and the children of ended strays re-parented here as they died (with no strays ended,
        // the first table's zombies are all there is).
        reapUnclaimed(zombies + selected.filter(\.isZombie).map(\.pid), owner: owner, rescan: !selected.isEmpty)
        return strays
    }

    /// Polls until none of `entries` runs any more (reaping those that are our children); what still runs.
    private func waitUntilGone(_ entries: [ProcessEntry], owner: Int32, seconds: TimeInterval) -> [ProcessEntry] {
        var left = entries
        let deadline = SystemClock.now().addingTimeInterval(seconds)
        // Bounded by the deadline: at most seconds / 20 ms rounds.
        while true {
            left = left.filter { entry in
                if entry.parent == owner || ProcessTree.adoptsOrphans {
                    var status: Int32 = 0
                    if waitpid(entry.pid, &status, WNOHANG) == entry.pid { return false }
                }
                return ProcessStartTime.of(entry.pid) == entry.startTime
            }
            if left.isEmpty || SystemClock.now() >= deadline { return left }
            usleep(20_000)
        }
    }

    private func reapUnclaimed(_ pids: [Int32], owner: Int32, rescan: Bool) {
        let late =
            rescan
            ? children.withKnown { known in
                StrayProcesses.unclaimedZombies(in: ProcessTree.table(), owner: owner, known: known)
            } : []
        for pid in Set(pids + late) {
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }
}
