import Foundation
import SmokeCore

/// The xcodebuild driver's part of the test phase: one `test-without-building` per batch into a fresh result
/// bundle. A stopped invocation had its SIGINT and grace period, so its bundle is still read.
struct XcodebuildBatchExecutor: BatchExecuting {
    var driver: XcodebuildDeviceRun
    var process: XcodebuildProcess
    var commandLine: XcodebuildCommandLine
    var xcodebuild: String
    /// Keys of the tests a first attempt may report (a bundle can hold more than asked); nil when they were not listed.
    var planned: Set<String>?
    private(set) var xcodeVersion: String?
    private(set) var bundles: [BundleTally] = []
    private var invocation = 0
    /// First attempts already reported, by key: a later bundle's copy of one is not a new test.
    private var reported = Set<String>()
    /// First attempts each clone has run so far over all invocations: a test's `position` in its worker.
    private var clonePositions: [Int: Int] = [:]

    init(
        driver: XcodebuildDeviceRun, process: XcodebuildProcess, commandLine: XcodebuildCommandLine, xcodebuild: String,
        planned: Set<String>?
    ) {
        self.driver = driver
        self.process = process
        self.commandLine = commandLine
        self.xcodebuild = xcodebuild
        self.planned = planned
    }

    /// Runs `batch.tests` (the pipeline's own selection when empty) into a fresh bundle and reads it once it ends.
    mutating func execute(
        _ batch: TestBatch, isRetry: Bool, onTestStarted: @escaping (String) -> Void,
        onTestFinished: @escaping (TestResult) -> Void
    ) throws -> BatchOutcome {
        invocation += 1
        let bundle = XcodebuildWorkFolder.bundle(invocation, in: driver.workDirectory)
        let scratch = XcodebuildWorkFolder.exports(invocation, in: driver.workDirectory)

        let arguments = commandLine.testWithoutBuilding(
            only: batch.tests.map { XcodeTestIdentifier.xcode($0.id) }, resultBundle: bundle.path)
        var console = XcodebuildConsoleResults(
            source: "output of xcodebuild invocation \(invocation)", projectRoot: driver.workingDirectory().path)
        let finished = try process.run(arguments) { console.read($0) }
        let (shown, shownRunning) = console.finish(stopped: finished.stopReason != nil)
        var outcome = BatchOutcome(results: [], termination: finished.termination, stopReason: finished.stopReason)
        outcome.command = [xcodebuild] + arguments
        outcome.outputTail = finished.tail
        let requested = Set(batch.tests.map(\.key))
        let unread: String
        var contents = ResultBundleContents()
        let wroteBundle = FileManager.default.fileExists(atPath: bundle.path)
        if !wroteBundle {
            unread = "xcodebuild test-without-building wrote no result bundle (\(finished.termination.description))"
        } else {
            do {
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                contents = try driver.reader.read(bundle: bundle, scratchDirectory: scratch)
                unread = ""
            } catch {
                unread = "could not read the result bundle \(bundle.path): \(error.localizedDescription)"
            }
        }
        if unread.isEmpty {
            XcodebuildConsoleResults.refine(&contents.tests, by: shown)
        } else {
            // xcodebuild's own output tells how its tests ended, as `smokerun parse` reads it: those results stand.
            contents.tests = shown
            guard !contents.tests.isEmpty else {
                if wroteBundle || finished.stopReason == nil {
                    outcome.errors.append(
                        InfrastructureError(
                            message: unread, command: [xcodebuild] + arguments, exitStatus: finished.exitStatus,
                            details: finished.tail))
                }
                return outcome
            }
            outcome.errors.append(
                InfrastructureError(
                    message: """
                        \(unread); the results are read from xcodebuild's output instead, without the bundle's \
                        attachments
                        """, command: [xcodebuild] + arguments, exitStatus: finished.exitStatus, severity: .warning))
        }
        // What the reader could not read (attachments of a bundle before Xcode 16, a summary): the results stand.
        outcome.errors += contents.notes.map { InfrastructureError(message: $0, severity: .note) }
        outcome.errors += contents.issuesOutsideTests.map { InfrastructureError(message: $0) }
        bundles.append(BundleTally(counts: contents.summaryCounts, tests: contents.tests))
        if xcodeVersion == nil { xcodeVersion = contents.xcodeVersion }
        let ranOn = isRetry ? [:] : clonePlaces(finished.cloneLines, of: contents.tests.map(\.id))
        var kept = Set<String>()
        for var test in contents.tests {
            let key = test.key
            let wanted = requested.contains(key) || (!isRetry && (planned?.contains(key) ?? true))
            guard wanted, isRetry || !reported.contains(key), kept.insert(key).inserted else { continue }
            if let place = ranOn[XcodeCloneLine.matchKey(testID: test.id)] {
                (test.worker, test.position) = (place.clone, place.position)
            }
            outcome.results.append(test)
            onTestFinished(test)
        }
        // smokerun stopped xcodebuild while a test ran: the bundle leaves it out, the console names it.
        if let stop = finished.stopReason, let running = finished.runningTest,
            let test = stoppedTest(running, in: batch, isRetry: isRetry, kept: kept, shownRunning: shownRunning)
        {
            let stopped = stopped(test, by: stop)
            kept.insert(test.key)
            outcome.results.append(stopped)
            onTestFinished(stopped)
        }
        outcome.attachments = contents.attachments.filter { $0.testID.map { kept.contains(TestCase.key($0)) } ?? true }
        // Asked for, absent from a bundle that could be read: the runner ended before it reported them.
        if outcome.stopReason == nil {
            outcome.notStarted = batch.tests.filter {
                !kept.contains($0.key) && (isRetry || !reported.contains($0.key))
            }
        }
        if !isRetry { reported.formUnion(kept) }
        // The scheme's tests unlisted (`-enumerate-tests` unavailable): those it had not reported when stopped are
        // unknown, so the run cannot pass on the ones it did.
        if let stop = finished.stopReason, stop != .cancelled, !isRetry, planned == nil, batch.tests.isEmpty {
            outcome.errors.append(
                InfrastructureError(
                    message: """
                        xcodebuild was stopped at \(stop == .runTimedOut ? "timeouts.runSeconds" : "timeouts.testSeconds") \
                        while it ran the scheme's tests unlisted: the tests it had not reported have no result, and how \
                        many there were cannot be told
                        """, command: [xcodebuild] + arguments, details: finished.tail.suffix(5)))
        }
        // xcodebuild's failure (exit 65, `Testing failed:`, `** TEST EXECUTE FAILED **`) with every test it reported
        // passing and none named under `Failing tests:`: something outside the tests failed (a crash after the last
        // test, a session-level issue).
        if outcome.stopReason == nil, outcome.notStarted.isEmpty, !finished.tail.contains("Failing tests:"),
            var error = BatchRunner.endedBadlyBetweenTests(outcome)
        {
            error.details = Self.verdictLines(finished.tail)
            outcome.errors.append(error)
        }
        return outcome
    }

    /// The asked test, else (a first attempt may report any planned test) the planned XCTest test, the console shows
    /// running, when nothing reported it; with no plan (the scheme's tests unlisted), the test the console shows
    /// running.
    private func stoppedTest(
        _ running: String, in batch: TestBatch, isRetry: Bool, kept: Set<String>, shownRunning: [TestResult]
    ) -> TestCase? {
        let isRunning = { (id: String) in
            XcodeCloneLine.matchKey(testID: id) == running && !kept.contains(id) && !reported.contains(id)
        }
        if let test = batch.tests.first(where: { isRunning($0.id) }) { return test }
        guard !isRetry else { return nil }
        guard let planned else {
            return shownRunning.last { isRunning($0.id) }.map { TestCase(id: $0.id, framework: $0.framework) }
        }
        return planned.sorted().first(where: isRunning).map { TestCase(id: $0, framework: .xctest) }
    }

    /// The test that ran when smokerun stopped xcodebuild: timed out at the run's deadline, else interrupted.
    func stopped(_ test: TestCase, by reason: StopReason) -> TestResult {
        let ending = reason.ending(testSeconds: driver.context.limits.testSeconds)
        let evidence = Evidence(what: ending.evidence.what + " (its start is the console's last test line)")
        return test.result(status: ending.status, failure: ending.failure, evidence: evidence)
    }

    /// xcodebuild's own account of a failed run at the end of its output: from `Testing failed:` on, else the last
    /// lines.
    static func verdictLines(_ tail: [String]) -> [String] {
        guard let start = tail.lastIndex(where: { $0.hasPrefix("Testing failed:") }) else {
            return Array(tail.suffix(5))
        }
        return Array(tail[start...].prefix(20))
    }

    /// Which clone ran each test, and its place in that clone's sequence: from the console, as the bundle lacks it.
    private mutating func clonePlaces(_ lines: [String], of ids: [String]) -> [String: (clone: Int, position: Int)] {
        let ran = Set(ids.map { XcodeCloneLine.matchKey(testID: $0) })
        var places: [String: (clone: Int, position: Int)] = [:]
        for (key, clone) in XcodeCloneLine.clones(lines) where places[key] == nil && ran.contains(key) {
            clonePositions[clone, default: 0] += 1
            places[key] = (clone, clonePositions[clone, default: 0])
        }
        return places
    }
}
