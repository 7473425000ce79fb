/// What a crash left behind for the test that was running: `ResultCollector` keeps one, cleared when a test starts.
struct CrashEvidence {
    var fatal: TestFailure?
    var frame: (file: String, line: Int)?
    /// The line that said the process crashed (a fatal error, a crash report, a signal).
    var proof: Evidence?

    /// The functions of the crashed thread's frames in project sources, innermost first (a few at most).
    private(set) var crashedFunctions: [String] = []

    var isEmpty: Bool { fatal == nil && frame == nil && proof == nil }

    /// A backtrace frame: the first in the project's sources is the crash's location, unless it is in a thread the
    /// backtracer says did not crash.
    mutating func note(file: String, line: Int, function: String?, inCrashedThread: Bool?, root: String?) {
        guard inCrashedThread != false, Self.isProjectFile(file, projectRoot: root) else { return }
        if frame == nil { frame = (file, line) }
        if inCrashedThread == true, let function, crashedFunctions.count < 8 { crashedFunctions.append(function) }
    }

    /// Of tests running at once (Swift Testing), the ones whose function the crashed thread's frames name (`check()`
    /// in `closure #1 in S.check()`); empty when none or all of them are named, as nothing then tells them apart.
    func crashedAmong(_ names: [String]) -> Set<Int> {
        guard names.count > 1, !crashedFunctions.isEmpty else { return [] }
        let named = Set(
            names.indices.filter { index in crashedFunctions.contains { Self.frame($0, names: names[index]) } })
        return named.count < names.count ? named : []
    }

    /// Whether a frame's function is the test function `name`: `stCrash()`, `S.stCrash()`, `closure #1 in S.check()`.
    private static func frame(_ function: String, names name: String) -> Bool {
        guard name.hasSuffix(")"), function.hasSuffix(name) else { return false }
        let before = function.dropLast(name.count).last
        return before == nil || before == "." || before == " "
    }

    /// Whether the crashed thread's frames name the test function `name` (`S.check()`, `CacheTests.testA()`).
    func names(_ name: String) -> Bool { crashedFunctions.contains { Self.frame($0, names: name) } }

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
