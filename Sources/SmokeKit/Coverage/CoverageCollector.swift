import Foundation
import SmokeCore

/// What one collection produced: the report, its line detail, and the files written into the run directory.
struct CoverageCollection: Sendable, Equatable {
    var report: CoverageReport
    var details: [String: FileLineDetail]
    /// Written files, relative to the run directory.
    var artifacts: [String]
    /// llvm-profdata's warnings for the profiles it could not read and left out (`file: why`).
    var skippedProfiles: [String] = []

    var summary: CoverageSummary { report.totals }
}

/// Turns a run's `.profraw` files into `coverage.json`, `coverage.lcov` and `cobertura.xml` with the toolchain's
/// own `llvm-profdata` and `llvm-cov`, whether the tests passed or failed.
package struct CoverageCollector: Sendable {
    var tools: ToolchainTools
    var runner: any CommandRunning = ProcessCommandRunner()
    var exporter: any FileOutputRunning = ProcessFileOutputRunner()
    var now: @Sendable () -> Date = Date.init

    static func write(_ data: Data, to url: URL) throws(CoverageError) {
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw .writeFailed(file: url.path, reason: error.localizedDescription)
        }
    }

    /// The `.profraw` files of a directory, sorted; none when it is missing.
    static func profiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".profraw") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Deletes `<run>/profiles/*.profraw` once `coverage.profdata` holds them merged (what `smokerun merge` reads
    /// first), and the folder when nothing else is in it.
    static func removeRawProfiles(in runDirectory: URL) {
        guard
            FileManager.default.fileExists(
                atPath: runDirectory.appendingPathComponent(RunDirectory.coverageProfileName).path)
        else { return }
        let folder = RunDirectory(runDirectory).profiles
        for profile in profiles(in: folder) { try? FileManager.default.removeItem(at: profile) }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Merges `profiles`, exports coverage for the instrumented test `binaries`, keeps the files of `scope`, and writes
    /// the outputs into `runDirectory`.
    func collect(profiles: [URL], binaries: [URL], scope: CoverageScope, runDirectory: URL) throws(CoverageError)
        -> CoverageCollection
    {
        guard !profiles.isEmpty else {
            throw .noProfiles(directory: RunDirectory(runDirectory).profiles.path)
        }
        guard let binary = binaries.first else {
            throw .toolFailed(
                tool: "llvm-cov", command: "llvm-cov export", exitStatus: nil,
                output: "no test binary given to export coverage for")
        }
        let profdata = runDirectory.appendingPathComponent(RunDirectory.coverageProfileName)
        // One unreadable profile (a process killed while writing it, another toolchain's) must not lose the rest.
        let merged = try run(
            tools.llvmProfdata,
            ["merge", "-sparse", "--failure-mode=all"] + profiles.map(\.path) + ["-o", profdata.path],
            tool: "llvm-profdata")

        let export = runDirectory.appendingPathComponent(RunDirectory.coverageExportName)
        defer { try? FileManager.default.removeItem(at: export) }
        // Full detail: file segments give the distinct lines, function records give lcov's FN/FNDA. Streamed, then
        // deleted.
        var arguments = [
            "export", "-format=text", "-instr-profile=\(profdata.path)",
            "-ignore-filename-regex=\(scope.ignoreFilenameRegex)", binary.path,
        ]
        for other in binaries.dropFirst() { arguments.append("-object=\(other.path)") }
        try run(tools.llvmCov, arguments, output: export, tool: "llvm-cov")

        let (report, details) = try Self.read(export: export, scope: scope)
        let root = scope.root
        try Self.write(try Self.json(report), to: runDirectory.appendingPathComponent(RunDirectory.coverageJSONName))
        try Self.write(
            Data(LcovWriter.render(report, details: details, root: root).utf8),
            to: runDirectory.appendingPathComponent(RunDirectory.coverageLCOVName))
        try Self.write(
            Data(CoberturaWriter.render(report, details: details, root: root, timestamp: now()).utf8),
            to: runDirectory.appendingPathComponent(RunDirectory.coberturaName)
        )
        return CoverageCollection(
            report: report, details: details,
            artifacts: [
                RunDirectory.coverageProfileName, RunDirectory.coverageJSONName, RunDirectory.coverageLCOVName,
                RunDirectory.coberturaName,
            ],
            skippedProfiles: Self.skipped(profiles, warnings: merged.errorText + merged.outputText)
        )
    }

    /// The profiles llvm-profdata's `warning: <path>: <why>` lines name, as `<file name>: <why>`.
    static func skipped(_ profiles: [URL], warnings: String) -> [String] {
        warnings.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("warning: "),
                let profile = profiles.first(where: { line.dropFirst(9).hasPrefix($0.path + ": ") })
            else { return nil }
            return profile.lastPathComponent + ": " + line.dropFirst(9 + profile.path.count + 2)
        }
    }

    static func read(export: URL, scope: CoverageScope, lineDetail: Bool = true) throws(CoverageError) -> (
        CoverageReport, [String: FileLineDetail]
    ) {
        let reader = CoverageExportReader(lineDetail: lineDetail) { scope.displayPath(for: $0) != nil }
        let exported = try reader.read(export)
        var files: [String: FileCoverage] = [:]
        var details: [String: FileLineDetail] = [:]
        for file in exported.files {
            guard let path = scope.displayPath(for: file.filename) else { continue }
            // Several `data` entries may name one file; their counts add up as llvm-cov's would.
            let summary = (files[path]?.summary ?? .zero) + file.summary
            files[path] = FileCoverage(path: path, module: "", summary: summary)
            if lineDetail, details[path] == nil {
                details[path] = FileLineDetail(
                    path: path, lines: file.lines, branches: file.branches, functionLines: file.functionLines,
                    functions: file.functions)
            }
        }
        for (path, module) in CoverageScope.modules(of: Array(files.keys)) { files[path]?.module = module }
        return (CoverageReport(files: Array(files.values)), details)
    }

    package static func json(_ report: CoverageReport) throws(CoverageError) -> Data {
        do {
            return try JSONCoding.encoder().encode(report) + Data("\n".utf8)
        } catch {
            throw .writeFailed(file: RunDirectory.coverageJSONName, reason: error.localizedDescription)
        }
    }

    @discardableResult
    private func run(_ tool: URL, _ arguments: [String], output: URL? = nil, tool name: String) throws(CoverageError)
        -> CommandResult
    {
        let result: CommandResult
        do {
            result =
                try output.map { try exporter.run(tool.path, arguments, standardOutput: $0) }
                ?? runner.run(tool.path, arguments, environment: nil, currentDirectory: nil)
        } catch {
            throw .toolFailed(
                tool: name, command: Self.describe(tool, arguments), exitStatus: nil, output: error.localizedDescription
            )
        }
        guard result.exitStatus == 0 else {
            throw .toolFailed(
                tool: name, command: Self.describe(tool, arguments), exitStatus: result.exitStatus,
                output: Self.tail(result))
        }
        return result
    }

    private static func describe(_ tool: URL, _ arguments: [String]) -> String {
        let shown =
            arguments.count > 12 ? Array(arguments.prefix(10)) + ["… (\(arguments.count - 10) more)"] : arguments
        return ([tool.path] + shown).joined(separator: " ")
    }

    private static func tail(_ result: CommandResult) -> String {
        (result.errorText + result.outputText).split(separator: "\n").suffix(10).joined(separator: "\n")
    }
}
