import Foundation
import SmokeCore

/// A loaded coverage report and where its line detail and exports come from.
package struct CoverageSource: Sendable {
    private enum Origin: Sendable {
        case run(URL)
        case export(file: URL, details: [String: FileLineDetail], root: String)
    }

    package var title: String
    package var report: CoverageReport
    /// What the run said its coverage leaves out (a crashed test's process wrote no profile), from its report.json:
    /// a fall in the figure may be that, not the code.
    package var gaps: [String] = []
    private var origin: Origin

    /// Loads a run's `coverage.json`, or reads an llvm-cov export scoped to `currentDirectory` (build products,
    /// checkouts and `Tests/` left out), its lines counted once each whatever the output (as a run counts them).
    package static func load(_ input: CoverageInput, currentDirectory: URL) throws(CoverageError) -> CoverageSource {
        switch input {
        case .run(let directory, let runID, _):
            let file = directory.appendingPathComponent(RunDirectory.coverageJSONName)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw .noCoverageInRun(directory: directory.path)
            }
            let report: CoverageReport
            do {
                report = try JSONCoding.decoder().decode(CoverageReport.self, from: data)
            } catch {
                throw .invalidExport(
                    file: file.path, reason: "is not a smokerun coverage.json (\(error.localizedDescription))")
            }
            var source = CoverageSource(title: runID, report: report, origin: .run(directory))
            source.gaps = ((try? RunReportFile.load(at: directory))?.errors ?? [])
                .filter { $0.message.hasPrefix("coverage ") && $0.severity != nil }.map(\.message)
            return source
        case .export(let file):
            let scope = CoverageScope(root: currentDirectory.path, include: [], requireUnderRoot: false)
            let (report, details) = try CoverageCollector.read(export: file, scope: scope)
            return CoverageSource(
                title: file.lastPathComponent, report: report,
                origin: .export(file: file, details: details, root: scope.root))
        }
    }

    /// Line detail by report path: from the run's `coverage.lcov`, or from the export's segments.
    package func details() throws(CoverageError) -> [String: FileLineDetail] {
        switch origin {
        case .export(let file, let details, _):
            // `llvm-cov export -summary-only` has totals only: no file's lines to list or write.
            guard report.totals.lines.count > 0, !details.values.contains(where: { !$0.lines.isEmpty }) else {
                return details
            }
            throw .invalidExport(
                file: file.path,
                reason:
                    "has no per-line counts (an `llvm-cov export -summary-only`); export it again without -summary-only"
            )
        case .run(let directory):
            let records = LcovReader.lines(
                in: try Self.text(directory.appendingPathComponent(RunDirectory.coverageLCOVName), directory))
            var details: [String: FileLineDetail] = [:]
            for file in report.files {
                if let record = records.first(where: { $0.path == file.path || $0.path.hasSuffix("/" + file.path) }) {
                    details[file.path] = FileLineDetail(path: file.path, lines: record.lines)
                }
            }
            return details
        }
    }

    package func lcov() throws(CoverageError) -> String {
        switch origin {
        case .export(_, _, let root): LcovWriter.render(report, details: try details(), root: root)
        case .run(let directory):
            try Self.text(directory.appendingPathComponent(RunDirectory.coverageLCOVName), directory)
        }
    }

    /// `now` stamps a report made from an export; a run's own report keeps the time it was written.
    package func cobertura(now: Date = SystemClock.now()) throws(CoverageError) -> String {
        switch origin {
        case .export(_, _, let root):
            CoberturaWriter.render(report, details: try details(), root: root, timestamp: now)
        case .run(let directory):
            try Self.text(directory.appendingPathComponent(RunDirectory.coberturaName), directory)
        }
    }

    private static func text(_ file: URL, _ directory: URL) throws(CoverageError) -> String {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .noCoverageInRun(directory: directory.path)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// `--uncovered PATH`: the uncovered line ranges of one file.
package enum UncoveredLines {
    package static func render(path: String, report: CoverageReport, details: [String: FileLineDetail])
        throws(CoverageError) -> String
    {
        let file = try find(path, in: report)
        let lines = details[file.path]?.lines ?? []
        var out = "\(file.path): lines \(file.lines.percentText) (\(CoverageFormat.ratio(file.lines)))\n"
        let ranges = LineCoverage.uncoveredRanges(lines)
        if lines.isEmpty {
            out += "no line detail for this file\n"
        } else if ranges.isEmpty, file.lines.covered < file.lines.count {
            // llvm-cov counts a line once per function on it: a closure that never ran, on a line whose other code did,
            // is uncovered in the totals but not per line.
            let missing = file.lines.count - file.lines.covered
            out +=
                """
                every line ran at least partly; \
                \(missing == 1 ? "1 line count belongs" : "\(missing) line counts belong") to closures or autoclosures \
                that never ran on lines whose other code did\n
                """
        } else if ranges.isEmpty {
            out += "every executable line ran\n"
        } else {
            out +=
                "uncovered: "
                + ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }.joined(
                    separator: ", ") + "\n"
        }
        return out
    }

    static func find(_ path: String, in report: CoverageReport) throws(CoverageError) -> FileCoverage {
        if let exact = report.files.first(where: { $0.path == path }) { return exact }
        var trimmed = path
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        let matches = report.files.filter {
            $0.path == trimmed || $0.path.hasSuffix("/" + trimmed) || trimmed.hasSuffix("/" + $0.path)
        }
        guard matches.count == 1 else {
            throw .unknownFile(path: path, candidates: (matches.isEmpty ? report.files : matches).map(\.path))
        }
        return matches[0]
    }
}
