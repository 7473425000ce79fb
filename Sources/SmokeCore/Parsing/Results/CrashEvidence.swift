/// What a crash left behind for the test that was running: `ResultCollector` keeps one, cleared when a test starts.
struct CrashEvidence {
    var fatal: TestFailure?
    var frame: (file: String, line: Int)?
    /// The line that said the process crashed (a fatal error, a crash report, a signal).
    var proof: Evidence?

    var isEmpty: Bool { fatal == nil && frame == nil && proof == nil }

    /// A crash's failure: the fatal message the output gave, at the first project frame, else what proved the crash.
    func failure(for status: TestStatus, evidence: Evidence?) -> TestFailure? {
        switch status {
        case .crashed:
            var failure =
                fatal
                ?? TestFailure(
                    message: evidence?.what
                        ?? "the test process ended while this test was running; nothing it printed says how")
            if let frame {
                failure.file = frame.file
                failure.line = frame.line
            }
            return failure
        case .timedOut:
            return TestFailure(message: "The test did not finish in time and was stopped.")
        case .passed, .failed, .skipped, .expectedFailure, .interrupted, .unfinished:
            return nil
        }
    }

    /// A frame in the project's own sources: not build products, package checkouts or generated code. With
    /// `projectRoot`, only a file under it.
    static func isProjectFile(_ file: String, projectRoot: String?) -> Bool {
        guard file.hasPrefix("/"), !file.hasPrefix("//"), !file.contains("/.build/"), !file.contains("/checkouts/"),
            !file.contains("/swift-generated-sources/"), !file.contains("/DerivedData/")
        else { return false }
        guard let projectRoot else { return true }
        return file.hasPrefix(projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/")
    }
}
