import Foundation
import SmokeCore

/// A streaming reader for `llvm.coverage.json.export` (2.x and 3.x): keeps per-file summaries (and, with
/// `lineDetail`, per-line counts) and skips the rest without building the document.
struct CoverageExportReader {
    static let exportType = "llvm.coverage.json.export"
    static let supportedMajorVersions = [2, 3]

    var lineDetail = false
    /// Which files to keep, by their exported filename.
    var keep: (String) -> Bool = { _ in true }
    /// Bytes read at a time; small in tests to cross chunk boundaries everywhere.
    var chunkSize = 1 << 20

    /// Reads `url`; malformed input becomes a `CoverageError` (exit 2) that names the file.
    func read(_ url: URL) throws(CoverageError) -> CoverageExport {
        let name = url.path
        let scanner: JSONByteScanner
        do {
            scanner = try JSONByteScanner(url: url, chunkSize: chunkSize)
        } catch {
            throw .inputNotFound(input: name, lookedIn: [name])
        }
        do {
            return try read(scanner, name: name)
        } catch let error as CoverageError {
            throw error
        } catch JSONScanError.truncated(let offset) {
            throw .truncatedExport(file: name, offset: offset)
        } catch let JSONScanError.unexpected(offset, found, expected) {
            throw .invalidExport(
                file: name,
                reason: "not an llvm-cov JSON export: at byte \(offset) found \(found), expected \(expected)")
        } catch {
            throw .invalidExport(file: name, reason: "could not be read: \(error.localizedDescription)")
        }
    }

    private func read(_ scanner: JSONByteScanner, name: String) throws -> CoverageExport {
        guard let first = try scanner.peek() else {
            throw CoverageError.invalidExport(file: name, reason: "is empty, not an llvm-cov JSON export")
        }
        guard first == UInt8(ascii: "{") else {
            throw CoverageError.invalidExport(
                file: name,
                reason:
                    "is not JSON (it does not start with '{'); expected the output of `llvm-cov export -format=text`")
        }
        var type: String?
        var version: String?
        var files: [ExportedFile] = []
        var exportCount: Int?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "type": type = try scanner.readString()
            case "version": version = try scanner.readString()
            case "data":
                // `data` comes before `type` in llvm-cov's sorted output, so it is read first and judged after.
                exportCount = 0
                try scanner.beginArray()
                while try scanner.nextElement() {
                    exportCount? += 1
                    try readExport(scanner, into: &files)
                }
            default: try scanner.skipValue()
            }
        }
        if let trailing = try scanner.peek() {
            throw CoverageError.invalidExport(
                file: name,
                reason:
                    """
                    has content after the JSON document (byte '\(Character(UnicodeScalar(trailing)))' at \
                    \(scanner.offset))
                    """
            )
        }
        guard let type else {
            throw CoverageError.invalidExport(
                file: name, reason: "has no \"type\" key; expected \"\(Self.exportType)\" from `llvm-cov export`")
        }
        guard type == Self.exportType else {
            throw CoverageError.invalidExport(
                file: name, reason: "has type \"\(type)\", expected \"\(Self.exportType)\"")
        }
        guard let version else {
            throw CoverageError.invalidExport(file: name, reason: "has no \"version\" key")
        }
        let major = Int(version.split(separator: ".").first ?? "")
        guard let major, Self.supportedMajorVersions.contains(major) else {
            throw CoverageError.invalidExport(
                file: name, reason: "has export version \"\(version)\"; smokerun reads versions 2.x and 3.x")
        }
        guard let exportCount, exportCount > 0 else {
            throw CoverageError.invalidExport(
                file: name, reason: "has an empty \"data\" array: llvm-cov exported nothing (wrong binary or profile?)")
        }
        return CoverageExport(version: version, files: files)
    }

    /// One element of `data`: `files` read, `functions` and `totals` skipped (totals are re-summed from kept files).
    private func readExport(_ scanner: JSONByteScanner, into files: inout [ExportedFile]) throws {
        var groups = FunctionGroups()
        let firstFile = files.count
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "files":
                try scanner.beginArray()
                while try scanner.nextElement() {
                    if let file = try readFile(scanner) { files.append(file) }
                }
            case "functions" where lineDetail:
                try scanner.beginArray()
                while try scanner.nextElement() { try readFunction(scanner, into: &groups) }
            default:
                try scanner.skipValue()
            }
        }
        for index in files.indices[firstFile...] {
            files[index].functionLines = groups.lines(of: files[index].filename)
            files[index].functions = groups.functions(of: files[index].filename)
        }
    }

    private func readFunction(_ scanner: JSONByteScanner, into groups: inout FunctionGroups) throws {
        var filenames: [String] = []
        var regions: [CoverageRegion] = []
        var name = ""
        var count = 0
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "name": name = try scanner.readString()
            case "count": count = try scanner.readInteger()
            case "filenames":
                try scanner.beginArray()
                while try scanner.nextElement() { filenames.append(try scanner.readString()) }
            case "regions":
                regions = try readRegions(scanner)
            default:
                try scanner.skipValue()
            }
        }
        guard let main = SegmentBuilder.mainFileID(of: regions, fileCount: filenames.count), keep(filenames[main])
        else { return }
        let own = regions.filter { $0.fileID == main }
        guard let first = own.first else { return }
        let lines = LineCoverage.lines(from: SegmentBuilder.segments(from: own))
        groups.add(
            lines, file: filenames[main], start: first.start,
            function: FunctionHit(name: name, line: first.lineStart, count: count))
    }

    private func readFile(_ scanner: JSONByteScanner) throws -> ExportedFile? {
        var filename: String?
        var summary = CoverageSummary.zero
        var segments: [CoverageSegment] = []
        var branches: [BranchHit] = []
        var wanted: Bool { filename.map(keep) ?? true }
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "filename":
                filename = try scanner.readString()
                if !wanted { branches.removeAll() }
            case "summary" where wanted:
                summary = try readSummary(scanner)
            case "segments" where lineDetail && wanted:
                segments = try readSegments(scanner)
            case "branches" where lineDetail && wanted:
                branches = try readBranches(scanner)
            default:
                try scanner.skipValue()
            }
        }
        guard let filename, keep(filename) else { return nil }
        let lines = LineCoverage.lines(from: segments)
        if lineDetail, !segments.isEmpty {
            // One count per source line, as `llvm-cov show`, lcov and Cobertura consumers see them; llvm-cov's own summary
            // counts a line once per function containing it. Without line detail the summary's count stays.
            summary.lines = CoverageCount(covered: lines.reduce(0) { $0 + ($1.count > 0 ? 1 : 0) }, count: lines.count)
        }
        return ExportedFile(filename: filename, summary: summary, lines: lines, branches: branches)
    }
}
