import Foundation
import SmokeCore

/// How a run's reports reach its folder: each atomically, report.json last, so its presence means the folder is
/// complete. `work` must be done before report.json is in place (a copied console.log).
protocol ReportWriting: Sendable {
    func write(
        _ report: RunReport, with writers: [any ReportWriter], in folder: RunDirectory, context: ReportContext,
        writer: FileWriter, work: [@Sendable () throws -> Void]
    ) throws
}

/// One file after another on the calling thread, report.json last.
struct SerialReportWriting: ReportWriting {
    /// The serial writer, or the threaded one from `ScaleThresholds.reportsOnThreadsFromTests` tests.
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
