import Foundation

/// The test process groups a run lock records, so that where the kernel cannot end them with smokerun
/// (macOS has no parent-death signal) the next run or the scheduler ends its pipeline's leftovers first. Pure.
///
/// Lock file: the holder's pid, then one `group <pid> <startTime>` line per running test process group (the
/// start time tells the leader from a later process reusing the pid), and a `tree <prefix>` line: the marker
/// prefix of `SMOKERUN_PROCESS_TREE` (see `StrayProcesses`). The parent-death signal ends a killed smokerun's
/// test processes, not what they started, so on Linux the next holder ends the processes still marked.
package enum LeftoverProcesses {
    package struct Group: Sendable, Hashable {
        package var pid: Int32
        var startTime: UInt64

        package init(pid: Int32, startTime: UInt64) {
            self.pid = pid
            self.startTime = startTime
        }
    }

    package static func render(holder: Int32, groups: [Group], tree: String? = nil) -> String {
        (["\(holder)"] + (tree.map { ["tree \($0)"] } ?? []) + groups.map { "group \($0.pid) \($0.startTime)" })
            .joined(separator: "\n") + "\n"
    }

    /// The holder's pid, the recorded groups and the marker prefix; lines that do not parse are ignored.
    package static func parse(_ text: String) -> (holder: Int32?, groups: [Group], tree: String?) {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let holder = lines.first.flatMap { Int32($0) }
        let groups = lines.dropFirst().compactMap { line -> Group? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == "group", let pid = Int32(fields[1]), pid > 1,
                let start = UInt64(fields[2])
            else { return nil }
            return Group(pid: pid, startTime: start)
        }
        let tree = lines.dropFirst().first { $0.hasPrefix("tree ") }.map { String($0.dropFirst(5)) }
        return (holder, groups, tree.flatMap { $0.isEmpty || $0.contains(" ") ? nil : $0 })
    }

    /// The processes a dead holder's test processes left: those whose marker starts with its prefix. Never this
    /// process's own (a scheduler retakes the lock for each run and ends its strays itself), nor a holder's that still
    /// runs (a scheduler between this pipeline's runs, running another pipeline's tests).
    package static func markedToEnd(
        _ markers: [(pid: Int32, marker: String)], tree: String?, ownTree: String, startTime: (Int32) -> UInt64?
    ) -> [Int32] {
        guard let tree, tree != ownTree, !runs(tree, startTime: startTime) else { return [] }
        return markers.filter { $0.pid > 1 && $0.marker.hasPrefix(tree + "-") }.map(\.pid)
    }

    /// Whether the process a marker prefix names (`<pid>.<start time>`) still runs: a reused pid does not.
    static func runs(_ tree: String, startTime: (Int32) -> UInt64?) -> Bool {
        let fields = tree.split(separator: ".")
        guard fields.count == 2, let pid = Int32(fields[0]), pid > 1, let start = UInt64(fields[1]) else {
            return false
        }
        return startTime(pid) == start
    }

    /// The recorded groups whose leader still runs with the recorded start time; a reused pid, a gone process
    /// and smokerun itself are left alone.
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
