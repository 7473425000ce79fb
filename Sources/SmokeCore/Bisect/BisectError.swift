import Foundation

/// Why a bisect cannot start.
package enum BisectError: Error, Equatable, LocalizedError, DomainError {
    case testNotInRun(test: String, run: String, suggestions: [String])
    case ambiguousTest(test: String, matches: [String])
    case unsupportedDriver(pipeline: String)
    case pipelineMismatch(pipeline: String, file: String, report: String)
    case deviceRun(test: String, device: String, run: String)

    package var errorDescription: String? {
        switch self {
        case .testNotInRun(let test, let run, let suggestions):
            "no test '\(test)' in \(run)"
                + (suggestions.isEmpty
                    ? "; give an id from its report.json, such as Module.Class/method"
                    : "; did you mean \(suggestions.joined(separator: ", "))?")
        case .ambiguousTest(let test, let matches):
            """
            '\(test)' matches \(matches.count) tests of the run (\(matches.prefix(5).joined(separator: ", "))); give \
            the whole id
            """
        case .unsupportedDriver(let pipeline):
            "\(pipeline): bisect re-runs tests with the swiftpm driver only; the xcodebuild driver is not supported yet"
        case .pipelineMismatch(let pipeline, let file, let report):
            "the run is of pipeline '\(report)' but \(file) is '\(pipeline)'; pass its pipeline with --pipeline FILE"
        case .deviceRun(let test, let device, let run):
            """
            \(test) failed on \(device) in \(run), a run over several simulators; bisect replays on this machine with \
            the swiftpm driver only, so it cannot replay on \(device) — re-run the order there with \
            `smokerun run PIPELINE --seed N` instead
            """
        }
    }

    package var kind: ErrorKind {
        switch self {
        case .unsupportedDriver, .deviceRun: .infrastructure
        case .testNotInRun, .ambiguousTest, .pipelineMismatch: .invalidInput
        }
    }
}
