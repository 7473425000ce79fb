import Foundation
import SmokeCore

/// How a run's report files reach its folder: every file atomically, report.json last, so its presence means the
/// folder is complete. `work` is more that must be done before report.json is put in place (a copied console.log).
protocol ReportWriting: Sendable {
    func write(
        _ report: RunReport, with writers: [any ReportWriter], in folder: RunDirectory, context: ReportContext,
        writer: FileWriter, work: [@Sendable () throws -> Void]
    ) throws
}

/// One file after another on the calling thread: the work first, then each report, report.json last.
struct SerialReportWriting: ReportWriting {
    /// The serial writer, or from `ScaleThresholds.reportsOnThreadsFromTests` tests the threaded one.
    static func chosen(forTests count: Int) -> any ReportWriting {
        count >= ScaleThresholds.reportsOnThreadsFromTests ? ThreadedReportWriting() : SerialReportWriting()
    }

    func write(
        _ report: RunReport, with writers: [any ReportWriter], in folder: RunDirectory, context: ReportContext,
        writer: FileWriter, work: [@Sendable () throws -> Void]
    ) throws {
        for one in work { try one() }
        for one in writers.filter({ $0.format != .json }) + writers.filter({ $0.format == .json }) {
            try Self.write(one, report, in: folder, context: context, writer: writer)
        }
    }

    /// One report file, atomically.
    static func write(
        _ reportWriter: any ReportWriter, _ report: RunReport, in folder: RunDirectory, context: ReportContext,
        writer: FileWriter
    ) throws {
        try AtomicFile.write(to: folder.file(reportWriter.fileName), writer: writer) {
            reportWriter.write(report, context: context, to: &$0)
        }
    }
}
