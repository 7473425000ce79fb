import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A disk with 0–64 KiB free when a run finishes: whatever fits and whatever does not, report.json, the exit status,
/// the last message and `latest` say the same thing. (With 32–60 KB free a run once exited 3 for its history while
/// report.json said `passed`: the report could not be written again on the still-full disk.) The disk is a
/// `FileWriter` that refuses a write once the output folder's files would hold more than its capacity — removing a
/// file gives its room back, as on a real disk — so every step of the finish meets the same full disk.
@Suite(.timeLimit(.minutes(10))) struct FullDiskAgreementTests {
    /// The bytes of the regular files under `root` (folders and links are not counted).
    static func used(under root: URL) -> Int {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: Array(keys))
        else { return 0 }
        var total = 0
        for case let file as URL in walker {
            guard let values = try? file.resourceValues(forKeys: keys), values.isRegularFile == true else { continue }
            total += values.fileSize ?? 0
        }
        return total
    }

    /// A finish on a disk with `free` bytes left.
    static func finish(free: Int) async throws -> FullDiskTests.Finished {
        let disk = NearlyFullDisk(free: free)
        return try await FullDiskTests().finishRun(writer: disk.writer, withoutSQLite: true) { folder in
            disk.root = folder
        }
    }

    @Test(arguments: [0, 1024, 4096, 8192, 16384, 24576, 32768, 40960, 49152, 57344, 65536])
    func reportExitMessageAndLatestAgree(free: Int) async throws {
        Self.expectAgreement(try await Self.finish(free: free), free: free)
    }

    /// The narrow case the grid may miss: the reports fit, the history line after them does not, and then neither
    /// does report.json written again — so it once kept saying `passed` while the run exited 3. The room is measured
    /// on a disk without limit first: what the finish writes in all, and its history line.
    @Test func reportsThatFitBeforeAHistoryLineThatDoesNotAgreeWithTheExit() async throws {
        let whole = try await Self.finish(free: Int.max / 2)
        #expect(whole.outcome.report.status == .passed, "\(whole.err)")
        // What the finish wrote (the run folder's marker, a few bytes, counts too: the window is left early).
        let written = Self.used(under: whole.output)
        let history = whole.output.appendingPathComponent("history.jsonl").path
        let line = (try? FileManager.default.attributesOfItem(atPath: history)[.size] as? Int) ?? 0
        #expect(line > 100)
        for free in [written - line + 40, written - line / 2] {
            let finished = try await Self.finish(free: free)
            #expect(finished.outcome.report.status == .error, "free \(free) of \(written), line \(line)")
            Self.expectAgreement(finished, free: free)
        }
    }

    static func expectAgreement(_ finished: FullDiskTests.Finished, free: Int) {
        let run = finished.outcome.runDirectory
        let status = finished.outcome.report.status
        let failure = finished.outcome.failure
        // Exit status and the run's status.
        #expect((status == .passed) == (failure == nil), "status \(status), failure \(String(describing: failure))")
        // report.json, when there is one, says the same.
        let reportFile = RunDirectory(run).report
        if FileManager.default.fileExists(atPath: reportFile.path) {
            #expect((try? RunReportFile.load(at: run))?.status == status, "free \(free): \(finished.err)")
        }
        // The last message names a report only when it is there and says the same.
        if finished.out.contains("report: not written") {
            #expect(status == .error)
        } else {
            #expect(FileManager.default.fileExists(atPath: reportFile.path), "free \(free): \(finished.out)")
            #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent("index.html").path))
        }
        // `latest` names this run only when its report is there and the history holds it.
        let latest = finished.output.appendingPathComponent("latest")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: latest.path),
            target.hasSuffix(run.lastPathComponent)
        {
            #expect((try? RunReportFile.load(at: run))?.status == status)
        }
        // A run that is an error says why on standard error.
        if status == .error { #expect(finished.err.contains("No space left on device"), "\(finished.err)") }
    }
}

/// A disk with `free` bytes left when the finish makes its first write (its capacity is then what the output folder
/// holds plus `free`): a write that would go past it is cut there, then refused with ENOSPC.
private final class NearlyFullDisk: @unchecked Sendable {
    private let lock = NSLock()
    private let free: Int
    private var capacity: Int?
    var root = URL(fileURLWithPath: "/nonexistent")

    init(free: Int) {
        self.free = free
    }

    var writer: FileWriter {
        FileWriter { descriptor, bytes, path in
            self.lock.lock()
            let used = FullDiskAgreementTests.used(under: self.root)
            let capacity = self.capacity ?? used + self.free
            self.capacity = capacity
            self.lock.unlock()
            let room = capacity - used
            guard room > 0 else {
                errno = ENOSPC
                return -1
            }
            return FileWriter.system.write(
                descriptor, UnsafeRawBufferPointer(rebasing: bytes[0..<min(room, bytes.count)]), path)
        }
    }
}
