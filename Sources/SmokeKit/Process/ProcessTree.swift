import CSpawn
import Foundation
import SmokeCore

/// The process table as `StrayProcesses` reads it, and the switch that makes smokerun adopt orphans. Linux reads
/// `/proc`; macOS uses `sysctl(KERN_PROC_ALL)`, with no markers or subreaper: a test's group and descendants only.
package enum ProcessTree {
    private static let adoption = AdoptionState()

    /// Makes this process a child subreaper (Linux): a descendant that leaves its test's group and loses its parent is
    /// re-parented here, where the sweep after each test process finds it. Called once by `run`, `schedule`, `bisect`.
    package static func adoptOrphans() {
        #if os(Linux)
            adoption.enable { smokerun_become_subreaper() == 0 }
        #endif
    }

    static var adoptsOrphans: Bool { adoption.enabled }

    /// Every process this user can see.
    static func table() -> [ProcessEntry] {
        #if os(Linux)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return names.compactMap { name -> ProcessEntry? in
                guard name.first?.isNumber == true, let data = read("/proc/\(name)/stat") else { return nil }
                return ProcessEntry(procStat: String(decoding: data, as: UTF8.self))
            }
        #elseif canImport(Darwin)
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL, 0]
            var size = 0
            guard sysctl(&name, 4, nil, &size, nil, 0) == 0, size > 0 else { return [] }
            // Room for processes started between the two calls.
            var processes = [kinfo_proc](repeating: kinfo_proc(), count: size / MemoryLayout<kinfo_proc>.stride + 16)
            size = processes.count * MemoryLayout<kinfo_proc>.stride
            guard sysctl(&name, 4, &processes, &size, nil, 0) == 0 else { return [] }
            return processes.prefix(size / MemoryLayout<kinfo_proc>.stride).map { info in
                let start = info.kp_proc.p_un.__p_starttime
                let command = withUnsafeBytes(of: info.kp_proc.p_comm) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                return ProcessEntry(
                    pid: info.kp_proc.p_pid, parent: info.kp_eproc.e_ppid, group: info.kp_eproc.e_pgid,
                    state: Int32(info.kp_proc.p_stat) == SZOMB ? "Z" : "R",
                    startTime: UInt64(start.tv_sec) * 1_000_000 + UInt64(start.tv_usec), name: command)
            }
        #else
            return []
        #endif
    }

    /// The `SMOKERUN_PROCESS_TREE` marker `pid` was started with (Linux; nil elsewhere or when unreadable).
    static func marker(of pid: Int32) -> String? {
        #if os(Linux)
            guard let data = read("/proc/\(pid)/environ") else { return nil }
            return StrayProcesses.marker(inEnvironment: Array(data))
        #else
            return nil
        #endif
    }

    /// The command line of `pid`, arguments joined by spaces; nil when it cannot be read.
    static func commandLine(of pid: Int32) -> String? {
        #if os(Linux)
            guard let data = read("/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
            return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        #else
            return nil
        #endif
    }

    /// When a process with this `ProcessEntry.startTime` started, on the wall clock.
    static func startDate(_ startTime: UInt64) -> Date? {
        #if os(Linux)
            // Ticks since boot; boot time from /proc/stat's `btime` line (seconds since 1970).
            let ticks = sysconf(Int32(_SC_CLK_TCK))
            guard ticks > 0, let data = read("/proc/stat") else { return nil }
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("btime ") }
            guard let boot = line.flatMap({ Double($0.dropFirst(6)) }) else { return nil }
            return Date(timeIntervalSince1970: boot + Double(startTime) / Double(ticks))
        #else
            return Date(timeIntervalSince1970: Double(startTime) / 1_000_000)
        #endif
    }

    /// A marker no other test process carries: this process's pid and start time, then a counter.
    static func newMarker() -> String {
        "\(ownPrefix)-\(adoption.nextNumber())"
    }

    /// `<pid>.<start time>` of this process, the start of every marker it hands out.
    static let ownPrefix: String = "\(getpid()).\(ProcessStartTime.of(getpid()) ?? 0)"

    private static func read(_ path: String) -> Data? {
        // FileManager.contents reads /proc files fine; they report a size of 0, so it reads to the end.
        FileManager.default.contents(atPath: path)
    }

    private final class AdoptionState: @unchecked Sendable {
        private let lock = NSLock()
        private var adopted = false
        private var counter = 0

        var enabled: Bool {
            lock.lock()
            defer { lock.unlock() }
            return adopted
        }

        func enable(_ attempt: () -> Bool) {
            lock.lock()
            defer { lock.unlock() }
            if !adopted { adopted = attempt() }
        }

        func nextNumber() -> Int {
            lock.lock()
            defer { lock.unlock() }
            counter += 1
            return counter
        }
    }
}
