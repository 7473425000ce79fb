import Foundation

/// Everything that can go wrong collecting or reading coverage, with its exit status.
package enum CoverageError: LocalizedError, DomainError, Equatable {
    case toolUnavailable(tool: String, tried: [String], reason: String)
    /// A tool ran and failed (an older llvm-cov rejecting the profile).
    case toolFailed(tool: String, command: String, exitStatus: Int32?, output: String)
    /// The test processes left no `.profraw` files.
    case noProfiles(directory: String)
    /// The input is not an llvm-cov export (not JSON, wrong `type`, unknown version, empty `data`, bad shape).
    case invalidExport(file: String, reason: String)
    case truncatedExport(file: String, offset: Int)
    case noCoverageInRun(directory: String)
    /// The command-line input names nothing that exists.
    case inputNotFound(input: String, lookedIn: [String])
    /// `--uncovered PATH` names no file of the report.
    case unknownFile(path: String, candidates: [String])
    case writeFailed(file: String, reason: String)

    package var kind: ErrorKind {
        switch self {
        case .toolUnavailable, .toolFailed, .noProfiles, .writeFailed: .infrastructure
        case .invalidExport, .truncatedExport, .noCoverageInRun, .inputNotFound, .unknownFile: .invalidInput
        }
    }

    package var errorDescription: String? {
        switch self {
        case .toolUnavailable(let tool, let tried, let reason):
            let paths = tried.isEmpty ? "nothing to try" : tried.joined(separator: ", ")
            return
                """
                \(tool) not usable (tried \(paths)): \(reason). Install a Swift toolchain that ships \(tool) next to \
                `swift`, or put that toolchain's `swift` first on PATH.
                """
        case .toolFailed(let tool, let command, let exitStatus, let output):
            let status = exitStatus.map { "exited with status \($0)" } ?? "could not start"
            var message = "\(tool) \(status): `\(command)`"
            if !output.isEmpty { message += "\n\(output)" }
            if output.contains("unsupported instrumentation profile format version") {
                message +=
                    """
                    \nThis \(tool) is older than the toolchain that built the tests; use the one next to that \
                    toolchain's `swift`.
                    """
            }
            return message
        case .noProfiles(let directory):
            return
                """
                no .profraw files in \(directory): the test binary was not built with --enable-code-coverage, or no \
                test process ran with LLVM_PROFILE_FILE set.
                """
        case .invalidExport(let file, let reason):
            return "\(file): \(reason)"
        case .truncatedExport(let file, let offset):
            return
                """
                \(file): truncated at byte \(offset); the llvm-cov export ends in the middle of the document (was it \
                cut off while being written?)
                """
        case .noCoverageInRun(let directory):
            return
                """
                \(directory) has no coverage.json: coverage was off for this run or its collection failed (see the \
                run's report.json errors).
                """
        case .inputNotFound(let input, let lookedIn):
            return
                """
                no run or file '\(input)' (looked for \(lookedIn.joined(separator: ", "))). Give a run directory, a \
                run ID, or an llvm-cov export JSON file.
                """
        case .unknownFile(let path, let candidates):
            let list = candidates.prefix(5).joined(separator: ", ")
            return "no file '\(path)' in this coverage report" + (list.isEmpty ? "." : " (files include: \(list)).")
        case .writeFailed(let file, let reason):
            return "could not write \(file): \(reason)"
        }
    }
}
