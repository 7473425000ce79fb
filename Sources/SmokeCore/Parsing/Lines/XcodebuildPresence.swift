/// Whether a console shows xcodebuild at work — its build steps (`CompileSwiftSources …`, `Ld …`) or its own log lines
/// (`2021-08-02 00:16:19.857 xcodebuild[4918:35305] …`) — and tests since its last end (a `** … **` banner,
/// `Test session results`). xcodebuild always ends a run with a banner, so its log that stops after tests without one
/// was cut, whether or not it kept the `Command line invocation:` header (older Xcode, an excerpt, between bundles).
struct XcodebuildPresence {
    private var seen = false
    private var testsSinceEnd = false

    /// xcodebuild's lines came, and tests since its last end (or since the log's start).
    var endsBeforeXcodebuildDid: Bool { seen && testsSinceEnd }
    /// Whether a test line would change the answer: `sawTests()` is then worth its caller's test.
    var awaitsTests: Bool { !testsSinceEnd }

    mutating func sawTests() { testsSinceEnd = true }

    /// A banner or `Test session results`: what xcodebuild began has ended in its own words. One with no test since the
    /// last ends a build (`** BUILD SUCCEEDED **`), and tests after it may be another runner's.
    mutating func sawEnd() { (seen, testsSinceEnd) = (seen && testsSinceEnd, false) }

    /// Reads a line outside any running test.
    mutating func read(_ line: LineBytes) {
        guard line.count >= 8 else { return }
        if line.hasPrefix("Build complete!") {
            // SwiftPM's build (its steps may read like xcodebuild's): what follows is `swift test`'s.
            seen = false
        } else if !seen, Self.isBuildStep(line) {
            // Tests before its build were another runner's.
            (seen, testsSinceEnd) = (true, false)
        } else if !seen, testsSinceEnd {
            // Its test session's log lines say the tests before them are its own; others (`xcodebuild -version`'s
            // warnings, printed on every call) say nothing.
            seen = Self.isOwnLogLine(line) && Self.sessionWords.contains { line.firstIndex(of: $0, from: 23) != nil }
        }
    }

    private static let sessionWords: [StaticString] = ["IDETest", "iOSSimulator", "xctrunner", "XCTest"]

    private static func isBuildStep(_ line: LineBytes) -> Bool {
        guard let first = line.first, stepFirstBytes.contains(first) else { return false }
        return steps.contains { line.hasPrefix($0) }
    }

    /// `2021-08-02 00:16:19.857 xcodebuild[4918:35305] …`: Foundation's log line of the xcodebuild process.
    private static func isOwnLogLine(_ line: LineBytes) -> Bool {
        line.count > 36 && line[0] &- UInt8(ascii: "0") < 10 && line.hasPrefix(" xcodebuild[", at: 23)
    }

    /// Steps only xcodebuild prints, unindented.
    private static let steps: [StaticString] = [
        "CompileSwiftSources ", "CompileSwift normal ", "SwiftCompile normal ", "SwiftDriver ", "CompileC ",
        "CodeSign ", "Ld ", "ProcessInfoPlistFile ", "PhaseScriptExecution ", "CpResource ", "CopySwiftLibs ",
        "=== BUILD TARGET ", "User defaults from command line:", "Build settings from command line:",
        "ComputeTargetDependencyGraph", "CreateBuildDescription",
    ]
    private static let stepFirstBytes = Set(steps.map { $0.utf8Start.pointee })
}
