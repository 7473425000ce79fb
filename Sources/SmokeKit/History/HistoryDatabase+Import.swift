import Foundation
import SmokeCore

/// Brings an older `history.jsonl` into `history.sqlite`: each line's run, with results from the run folder's
/// report.json while it exists, else from the line's maps. The file stays; `meta` records its size, so it is
/// re-read only when it changed (lines appended without SQLite), and a run id already there is never added twice.
extension HistoryDatabase {
    static let importedSizeKey = "history.jsonl imported bytes"

    /// Imports `history.jsonl` when it is there and changed since the last import; returns the runs added.
    @discardableResult
    func importJSONLines() throws -> Int {
        let layout = OutputLayout(root: outputDirectory)
        guard let size = Self.regularFileSize(layout.history) else { return 0 }
        let recorded = try storedImportSize()
        guard recorded != size else { return 0 }
        let contents = try JSONLinesHistory(outputFolder: outputDirectory).allContents()
        return try connection.transaction {
            var added = 0
            for entry in contents.entries {
                var writer = try HistoryRowWriter(connection: connection)
                let run = HistoryRun(entry: entry)
                guard try writer.insertRun(run) else { continue }
                added += 1
                let report = try? RunReportFile.load(at: outputDirectory.appendingPathComponent(run.path))
                if let report, report.runID == entry.runID {
                    try Self.insertTests(of: report, with: &writer)
                } else {
                    try Self.insertTests(of: entry, with: &writer)
                }
            }
            try connection.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)")
                .run([.text(Self.importedSizeKey), .text(String(size))])
            return added
        }
    }

    /// The size `meta` recorded at the last import; nil before the first.
    private func storedImportSize() throws -> Int64? {
        let statement = try connection.prepare("SELECT value FROM meta WHERE key = ?")
        try statement.bind([.text(Self.importedSizeKey)])
        guard try statement.step() else { return nil }
        return statement.text(0).flatMap { Int64($0) }
    }

    static func insertTests(of report: RunReport, with writer: inout HistoryRowWriter) throws {
        writer.reserve(tests: report.tests.count)
        for test in report.tests {
            try writer.insertResult(
                key: test.deviceKey, testID: test.id, status: test.status,
                microseconds: HistorySchema.microseconds(of: test),
                attempts: test.tries, flaky: test.flaky,
                message: HistoryTestResult.bounded(firstFailure(of: test)?.message),
                evidence: test.evidence?.description, displayName: test.displayName)
        }
    }

    /// The failure a test's row keeps: its own headline, else (passed on retry) its first failing attempt's, proof of
    /// flakiness.
    static func firstFailure(of test: TestResult) -> TestFailure? {
        test.headlineFailure ?? test.attempts.lazy.compactMap { $0.failures.headline(for: $0.status) }.first
    }

    /// From the line alone: no message, evidence or attempts (the folder is gone).
    private static func insertTests(of entry: HistoryEntry, with writer: inout HistoryRowWriter) throws {
        let flaky = Set(entry.flaky)
        let durations = entry.durations
        for (key, status) in entry.outcomes.sorted(by: { $0.key < $1.key }) {
            try writer.insertResult(
                key: key, testID: HistorySchema.testID(ofKey: key), status: status,
                microseconds: durations[key].flatMap { HistorySchema.microseconds($0, unknown: false) }, attempts: nil,
                flaky: flaky.contains(key), message: nil, evidence: nil, displayName: entry.displayNames?[key])
        }
    }

    /// The size of a regular file (not a link); nil when there is none.
    static func regularFileSize(_ file: URL) -> Int64? {
        guard (try? isRegularFile(file)) == true,
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber
        else { return nil }
        return size.int64Value
    }
}
