import Foundation
import SmokeCore

/// When a process started, as an opaque number that differs for a later process reusing its pid; nil when none
/// runs. Lets a run lock end only its own leftovers.
enum ProcessStartTime {
    static func of(_ pid: Int32) -> UInt64? {
        #if os(Linux)
            // /proc/<pid>/stat field 22: start time in clock ticks since boot. The command name (field 2)
            // may hold spaces and parentheses, so count fields after its last ')'.
            guard pid > 0, let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            // fields[0] is field 3 (state); field 22 is fields[19]. A zombie has finished: not running.
            guard fields.count > 19, fields[0] != "Z" else { return nil }
            return UInt64(fields[19])
        #elseif os(macOS)
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
            guard pid > 0, sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return nil }
            let start = info.kp_proc.p_un.__p_starttime
            return UInt64(start.tv_sec) * 1_000_000 + UInt64(start.tv_usec)
        #else
            return nil
        #endif
    }
}
