import Foundation

/// The test process groups a run lock records, so that where the kernel cannot end them with
/// smokerun (macOS has no parent-death signal) the next run or the scheduler ends the leftovers of
/// its own pipeline before it starts. Pure: the lock file's text in, the groups to end out.
///
/// Lock file: the holder's pid on the first line, then one `group <pid> <startTime>` line per
/// running test process group (the pid is the group's leader; the start time — clock ticks since boot
/// on Linux, microseconds since 1970 on macOS, as `ProcessStartTime` reads it — tells the same process
/// from a later one that reuses the pid).
package enum LeftoverProcesses {
    package struct Group: Sendable, Hashable {
        package var pid: Int32
        var startTime: UInt64

        package init(pid: Int32, startTime: UInt64) {
            self.pid = pid
            self.startTime = startTime
        }
    }

    /// The lock file's text for `holder` and its running groups.
    package static func render(holder: Int32, groups: [Group]) -> String {
        (["\(holder)"] + groups.map { "group \($0.pid) \($0.startTime)" }).joined(separator: "\n") + "\n"
    }

    /// The holder's pid (first line) and the recorded groups; lines that do not parse are ignored.
    package static func parse(_ text: String) -> (holder: Int32?, groups: [Group]) {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let holder = lines.first.flatMap { Int32($0) }
        let groups = lines.dropFirst().compactMap { line -> Group? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "group", let pid = Int32(fields[1]), pid > 1,
                let start = UInt64(fields[2])
            else { return nil }
            return Group(pid: pid, startTime: start)
        }
        return (holder, groups)
    }

    /// The groups to end: recorded by an earlier holder, whose leader still runs with the recorded
    /// start time. A pid that now belongs to another process (different start time), a process that
    /// is gone (`startTime` nil) and smokerun itself are left alone.
    static func toEnd(_ recorded: [Group], startTime: (Int32) -> UInt64?, ownPID: Int32) -> [Int32] {
        var seen = Set<Int32>()
        return recorded.compactMap { group in
            guard group.pid != ownPID, group.pid > 1, seen.insert(group.pid).inserted,
                let now = startTime(group.pid), now == group.startTime
            else { return nil }
            return group.pid
        }
    }
}
