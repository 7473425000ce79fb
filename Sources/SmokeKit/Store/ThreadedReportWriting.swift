import Foundation
import SmokeCore

/// A big run's reports (from `ScaleThresholds.reportsOnThreadsFromTests` tests; Documentation/Performance.md): each
/// per-test report and each piece of `work` on its own thread, and report.json on the calling thread into a temp
/// file put in place only once every other thread is done without error.
struct ThreadedReportWriting: ReportWriting {
    func write(
        _ report: RunReport, with writers: [any ReportWriter], in folder: RunDirectory, context: ReportContext,
        writer: FileWriter, work: [@Sendable () throws -> Void]
    ) throws {
        let threads = Self.threads(for: writers)
        let background = Set(threads.flatMap { $0.map(\.format) })
        let workWaits = work.map { BlockingWork.start($0) }
        let threadWaits = threads.map { group in
            BlockingWork.start {
                for one in group {
                    try SerialReportWriting.write(one, report, in: folder, context: context, writer: writer)
                }
            }
        }
        var pendingJSON: URL?
        let here = Result<Void, any Error> {
            for one in writers where !background.contains(one.format) && one.format != .json {
                try SerialReportWriting.write(one, report, in: folder, context: context, writer: writer)
            }
            guard let json = writers.first(where: { $0.format == .json }) else { return }
            pendingJSON = try AtomicFile.writeTemporary(next: folder.report, writer: writer) {
                json.write(report, context: context, to: &$0)
            }
        }
        // Every thread's file is finished (or given up) before any error is reported.
        let beside = (threadWaits + workWaits).map { wait in Result<Void, any Error> { try wait() } }
        do {
            try here.get()
            for outcome in beside { try outcome.get() }
        } catch {
            if let pendingJSON { POSIXFile.remove(pendingJSON) }
            throw error
        }
        if let pendingJSON { try AtomicFile.commit(pendingJSON, to: folder.report) }
    }

    /// The background threads: one per per-test report other than report.json, summary-sized ones joining the first.
    static func threads(for writers: [any ReportWriter]) -> [[any ReportWriter]] {
        var threads = writers.filter { $0.cost == .perTest && $0.format != .json }.map { [$0] }
        let small = writers.filter { $0.cost == .summary && $0.format != .json }
        if threads.isEmpty { return small.isEmpty ? [] : [small] }
        threads[0] += small
        return threads
    }
}
