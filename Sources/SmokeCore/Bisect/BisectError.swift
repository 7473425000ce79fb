import Foundation

/// Why a bisect cannot start.
package enum BisectError: Error, Equatable, LocalizedError, DomainError {
    case testNotInRun(test: String, run: String, suggestions: [String])
    case ambiguousTest(test: String, matches: [String])
    case unsupportedDriver(pipeline: String)
    case pipelineMismatch(pipeline: String, file: String, report: String)

    package var errorDescription: String? {
        switch self {
        case .testNotInRun(let test, let run, let suggestions):
            "no test '\(test)' in \(run)" + (suggestions.isEmpty ? "; give an id from its report.json, such as Module.Class/method"
                : "; did you mean \(suggestions.joined(separator: ", "))?")
        case .ambiguousTest(let test, let matches):
            "'\(test)' matches \(matches.count) tests of the run (\(matches.prefix(5).joined(separator: ", "))); give the whole id"
        case .unsupportedDriver(let pipeline):
            "\(pipeline): bisect re-runs tests with the swiftpm driver only; the xcodebuild driver is not supported yet"
        case .pipelineMismatch(let pipeline, let file, let report):
            "the run is of pipeline '\(report)' but \(file) is '\(pipeline)'; pass its pipeline with --pipeline FILE"
        }
    }

    package var kind: ErrorKind {
        switch self {
        case .unsupportedDriver: .infrastructure
        case .testNotInRun, .ambiguousTest, .pipelineMismatch: .invalidInput
        }
    }
}
