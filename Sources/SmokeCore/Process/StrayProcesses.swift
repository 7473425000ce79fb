import Foundation

/// Which processes a test process left running once it ended, and how the report names them. Pure.
///
/// Test processes start with `SMOKERUN_PROCESS_TREE=<token>`, which their children inherit. On Linux
/// smokerun is also a child subreaper, so an orphan that left the test's process group is re-parented to it.
package enum StrayProcesses {
    package static let variable = "SMOKERUN_PROCESS_TREE"

    package struct Situation: Sendable {
        /// smokerun's own pid: orphans re-parented to it are its children.
        package var owner: Int32
        /// The test process that ended: its pid is also its process group's id.
        package var ended: Int32
        package var token: String
        /// Children smokerun started itself and still runs (other test processes, tools).
        package var known: Set<Int32>
        /// Whether smokerun adopts orphans (Linux subreaper): only then is an unknown child an orphan.
        package var adoptsOrphans: Bool
        /// The ended test process's start time: a process started before it cannot carry its marker, so is not read.
        package var startedAt: UInt64?

        package init(
            owner: Int32, ended: Int32, token: String, known: Set<Int32>, adoptsOrphans: Bool, startedAt: UInt64? = nil
        ) {
            self.owner = owner
            self.ended = ended
            self.token = token
            self.known = known
            self.adoptsOrphans = adoptsOrphans
            self.startedAt = startedAt
        }

        /// Whether `entry`'s marker can change what is selected.
        func needsMarker(_ entry: ProcessEntry) -> Bool {
            entry.group == ended || entry.parent == owner || startedAt.map { entry.startTime >= $0 } ?? true
        }
    }

    /// The processes to end, with all their descendants: the ended process's group, processes carrying its
    /// marker, and unmarked orphans re-parented to smokerun when no other child of smokerun runs (else the
    /// orphan may be another test's; it waits for the next sweep). Never smokerun, a known child, pid 1, or
    /// a process marked for another test process.
    package static func select(
        from table: [ProcessEntry], in situation: Situation, marker: (Int32) -> String?
    ) -> [ProcessEntry] {
        let excluded: Set<Int32> = situation.known.union([situation.owner, 0, 1])
        var chosen: [ProcessEntry] = []
        var seen = Set<Int32>()
        func choose(_ entry: ProcessEntry) {
            guard !excluded.contains(entry.pid), seen.insert(entry.pid).inserted else { return }
            chosen.append(entry)
        }
        for entry in table where !excluded.contains(entry.pid) && situation.needsMarker(entry) {
            let mark = entry.isZombie ? nil : marker(entry.pid)
            if let mark, mark != situation.token { continue }
            if entry.group == situation.ended || mark == situation.token {
                choose(entry)
            } else if situation.adoptsOrphans, entry.parent == situation.owner, situation.known.isEmpty {
                choose(entry)
            }
        }
        let children = Dictionary(grouping: table, by: \.parent)
        var index = 0
        while index < chosen.count {
            for child in children[chosen[index].pid] ?? [] { choose(child) }
            index += 1
        }
        return chosen
    }

    /// Unknown zombies re-parented to smokerun: finished orphans whose exit status nobody else collects.
    package static func unclaimedZombies(in table: [ProcessEntry], owner: Int32, known: Set<Int32>) -> [Int32] {
        table.filter { $0.isZombie && $0.parent == owner && !known.contains($0.pid) }.map(\.pid)
    }

    /// The value of `SMOKERUN_PROCESS_TREE` in a NUL-separated environment block (`/proc/<pid>/environ`).
    package static func marker(inEnvironment block: [UInt8]) -> String? {
        let prefix = Array("\(variable)=".utf8)
        for entry in block.split(separator: 0, omittingEmptySubsequences: true)
        where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }

    /// The test that was running when a stray started: the last one of the batch started at or before it.
    package static func startedBy(startedAt: Date?, tests: [(id: String, startedAt: Date)]) -> String? {
        if let startedAt, let last = tests.last(where: { $0.startedAt <= startedAt.addingTimeInterval(0.05) }) {
            return last.id
        }
        return tests.count == 1 ? tests[0].id : nil
    }

    /// The report's note: "ended 1 process the test left running: pid 1234 `/bin/sleep 611` (started by X)".
    package static func note(for ended: [Stray]) -> String? {
        guard !ended.isEmpty else { return nil }
        let count = ended.count == 1 ? "1 process" : "\(ended.count) processes"
        let list = ended.map { stray in
            let origin =
                stray.startedBy.map { " (started by \($0))" }
                ?? " (left by the test process; which test started it is unknown)"
            return "pid \(stray.pid) `\(stray.command)`\(origin)"
        }
        return "ended \(count) the tests left running: \(list.joined(separator: ", "))"
    }

    /// A process smokerun ended after the test process that started it had ended.
    package struct Stray: Sendable, Equatable {
        package var pid: Int32
        /// Its command line, arguments joined by spaces (the kernel's name when the command line is gone).
        package var command: String
        package var startedAt: Date?
        package var startedBy: String?

        package init(pid: Int32, command: String, startedAt: Date?, startedBy: String? = nil) {
            self.pid = pid
            self.command = command
            self.startedAt = startedAt
            self.startedBy = startedBy
        }
    }
}
