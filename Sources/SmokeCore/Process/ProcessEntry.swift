/// One row of the process table: who a process is, who its parent is, and when it started.
package struct ProcessEntry: Sendable, Equatable {
    package var pid: Int32
    package var parent: Int32
    package var group: Int32
    /// `Z` for a zombie (finished, not yet reaped); other letters for a process that still runs.
    package var state: Character
    /// Clock ticks since boot on Linux; tells a process from a later one that reuses its pid.
    package var startTime: UInt64
    /// The command name the kernel keeps (at most 15 characters on Linux).
    package var name: String

    package init(pid: Int32, parent: Int32, group: Int32, state: Character, startTime: UInt64, name: String) {
        self.pid = pid
        self.parent = parent
        self.group = group
        self.state = state
        self.startTime = startTime
        self.name = name
    }

    package var isZombie: Bool { state == "Z" }

    /// Parses a Linux `/proc/<pid>/stat` line. The name may hold spaces and parentheses, so the
    /// fields after it are counted from its last `)`.
    package init?(procStat line: String) {
        guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close,
            let pid = Int32(line[..<open].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // fields[0] is field 3 (state), fields[1] ppid, fields[2] pgrp; field 22 (starttime) is fields[19].
        guard fields.count > 19, let state = fields[0].first, fields[0].count == 1,
            let parent = Int32(fields[1]), let group = Int32(fields[2]), let start = UInt64(fields[19])
        else { return nil }
        self.init(
            pid: pid, parent: parent, group: group, state: state, startTime: start,
            name: String(line[line.index(after: open)..<close]))
    }
}
