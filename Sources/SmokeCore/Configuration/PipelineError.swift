import Foundation

/// A pipeline file that cannot be used. Names the file, the dotted key path and the fix; exits 2.
package struct PipelineError: LocalizedError, DomainError, Equatable {
    var file: String
    /// Dotted key path such as `ordering.mode`; nil for whole-file problems.
    var keyPath: String?
    var problem: String

    package init(file: String, keyPath: String? = nil, problem: String) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    package var kind: ErrorKind { .invalidInput }

    package var errorDescription: String? {
        if let keyPath { return "pipeline \(file): '\(keyPath)': \(problem)" }
        return "pipeline \(file): \(problem)"
    }
}
