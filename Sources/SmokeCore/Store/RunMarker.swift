/// A run folder's marker (`.smokerun-run`): the pid and start time of the process that made it, so a folder a killed
/// smokerun left can be told from one a live run fills. A marker without them is never taken for abandoned.
package struct RunMarker: Sendable, Equatable {
    package var pid: Int32
    package var processStart: UInt64

    package init(pid: Int32, processStart: UInt64) {
        self.pid = pid
        self.processStart = processStart
    }

    /// `"<pid> <start>\n"`.
    package var text: String { "\(pid) \(processStart)\n" }

    /// The marker a file holds, or nil when it names no process.
    package static func parse(_ text: String) -> RunMarker? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let pid = Int32(fields[0]), pid > 0, let start = UInt64(fields[1]) else { return nil }
        return RunMarker(pid: pid, processStart: start)
    }
}
