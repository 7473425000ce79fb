/// `swift test --parallel` runs each XCTest test in its own process. SwiftPM names a test whose process died as it
/// happens (`error: Process '…/PkgPackageTests.xctest Module.Class/test' exited with unexpected signal code 4`) and
/// prints that process's output after every test reported: the crash it shows is the evidence, else SwiftPM's line.
extension ResultCollector {
    struct ProcessDeath {
        var failure: TestFailure
        var evidence: Evidence
    }

    /// SwiftPM's line that the process of `ref` died (`description`: `exited with unexpected signal code 4`).
    mutating func noteProcessDeath(_ ref: TestRef, _ description: String) {
        let index = entry(for: ref)
        // Only SwiftPM's lines name it until its process's output (printed later, when there is some) starts it.
        tests.insert(.namedProcessLine, at: index)
        guard !tests.flags(at: index).contains(.finished) else { return }
        processDeaths[index] = ProcessDeath(
            failure: TestFailure(message: "The test's process \(description)"),
            evidence: evidence("SwiftPM: the test's process \(description)"))
    }

    /// Running tests whose process died end `crashed` (their output ends where another test starts), with the crash it
    /// showed, else SwiftPM's line.
    mutating func finishDeadRunningTests() {
        guard !processDeaths.isEmpty, running.contains(where: { processDeaths[$0] != nil }) else { return }
        let others = running.filter { processDeaths[$0] == nil }
        for index in running {
            guard let death = processDeaths.removeValue(forKey: index) else { continue }
            running = [index]
            let shown = crash.proof != nil
            finishRunningTest(
                as: .crashed, failure: shown ? nil : death.failure, evidence: shown ? crash.proof : death.evidence)
        }
        running = others
    }

    /// The input ends: tests whose process died end `crashed`. One its own result line ended keeps that result (its
    /// process died after it; its output's crash lines say so).
    mutating func finishDeadTests() {
        finishDeadRunningTests()
        for (index, death) in processDeaths where !tests.flags(at: index).contains(.finished) {
            keep(death.failure, in: index, ended: true)
            setEvidence(death.evidence, at: index)
            tests.setStatus(.crashed, at: index)
            tests.insert(.finished, at: index)
            markFlaky(index)
        }
        processDeaths.removeAll()
    }

    /// Swift Testing runs tests at once: one that starts beside them after a crash line is their process still
    /// printing as it dies; the crash report that follows says which of them crashed. (A name already running starts
    /// again in another process.)
    func startJoinsCrashingRun(_ ref: TestRef) -> Bool {
        ref.framework == .swiftTesting && running.allSatisfy { tests.framework(at: $0) == .swiftTesting }
            && (crash.proof == nil || !running.contains { tests.baseID(at: $0) == names.resolve(ref).id })
    }

    /// The test that finished before the running one whose code the crashed thread ran, when the running test's own
    /// code is not in it: a thread an earlier test left behind crashed. A retry of the running test alone cannot
    /// repeat such a crash, so it proves nothing about it.
    package func crashingEarlierTest() -> String? {
        guard let runningIndex = running.last, !crash.names(frameName(at: runningIndex)) else { return nil }
        let earlier = (0..<tests.count).reversed().lazy.filter { $0 != runningIndex }
        return earlier.first { tests.flags(at: $0).contains(.finished) && crash.names(frameName(at: $0)) }
            .map { tests.id(at: $0) }
    }

    /// How a backtrace names the test's function: `CacheTests.testA()` of `Mod.CacheTests/testA`, `S.boom()` of
    /// `Mod.S/boom()`, `boom()` of `Mod/boom()`.
    private func frameName(at index: Int) -> String {
        let id = tests.baseID(at: index)
        guard let slash = id.lastIndex(of: "/") else { return id }
        let function = id[id.index(after: slash)...]
        let call = function.hasSuffix(")") ? String(function) : "\(function)()"
        let owner = id[..<slash]
        guard let dot = owner.lastIndex(of: ".") else { return call }
        return "\(owner[owner.index(after: dot)...]).\(call)"
    }

    /// The test's function as its id ends (`boom()` of `LibTests.S/boom()`): what a crash's frames name.
    func functionName(at index: Int) -> String {
        let id = tests.baseID(at: index)
        return id.split(separator: "/").last.map(String.init) ?? id
    }

    /// After every input: a crash a console showed while its Swift Testing tests ran (read beside their event stream,
    /// which ends them unfinished) is the crash of the stream's tests of those names; one that names none of them is a
    /// crash outside the tests, as it would be alone. Returns how many tests it ended `crashed`.
    package mutating func crashSwiftTestingShownInConsole() -> Int {
        var ended = 0
        for (names, crash) in consoleCrashes {
            let named = crash.crashedAmong(names)
            let crashedNames = named.isEmpty ? names : named.sorted().map { names[$0] }
            let failure = crash.failure(for: .crashed, evidence: crash.proof)
            var matched = false
            for index in 0..<tests.count
            where tests.status(at: index) == .unfinished && tests.framework(at: index) == .swiftTesting {
                guard crashedNames.contains(functionName(at: index)) else { continue }
                if let failure { keep(failure, in: index, ended: true) }
                tests.setStatus(.crashed, at: index)
                if let proof = crash.proof { setEvidence(proof, at: index) }
                matched = true
                ended += 1
            }
            if !matched, let proof = crash.proof, crashesOutsideTests.count < Self.crashLineLimit {
                crashesOutsideTests.append(
                    RunFailureEvidence(
                        kind: .crashAfterTest, source: proof.source ?? "input", line: proof.line ?? 0,
                        text: failure.map { "Fatal error: \($0.message)" } ?? proof.what))
            }
        }
        consoleCrashes.removeAll()
        return ended
    }

    /// SwiftPM's line that a test process died (`description`). With a test running it is that test's crash, as any
    /// crash line is; else the process's output follows it (SwiftPM on Linux prints the line first), and a crash line
    /// in that output claims it.
    mutating func noteRunnerDeath(_ description: String) {
        if !running.isEmpty || !swiftTestingRunningInConsole.isEmpty {
            noteCrash(.programCrashed(description: description))
            return
        }
        // The crash its output already showed (the backtracer's report before SwiftPM's line) is this death.
        guard crash.proof == nil else { return }
        runnerDeath = (TestFailure(message: description), evidence("SwiftPM: the test process died"))
    }

    /// Swift Testing's run started while an XCTest test ran: XCTest's process had exited inside it without a crash
    /// report (the code called `exit()`). The running XCTest test crashed, as a crash line would say, unless SwiftPM
    /// already said how its process died, or its own result line follows (`undoAssumedExit`).
    mutating func noteXCTestProcessEnd() {
        sawSwiftTestingRunStart = true // the line is Swift Testing's `Test run started.`
        assumeXCTestProcessEnded(because: "Swift Testing's run started: the XCTest process had exited")
    }

    /// The next process's outermost suite in a `swift test --parallel` log (`Test Suite 'Selected tests' started`),
    /// which prints each test's process after it ended, while an XCTest test ran: its process had ended, as above.
    mutating func noteXCTestRunStart(suite: String) {
        guard suite == "All tests" || suite == "Selected tests" else { return }
        assumeXCTestProcessEnded(because: "another XCTest run started: the process of this test had exited")
    }

    private mutating func assumeXCTestProcessEnded(because why: String) {
        guard crash.proof == nil, runnerDeath == nil,
            let index = running.last(where: { tests.framework(at: $0) == .xctest }), processDeaths[index] == nil
        else { return }
        crash = CrashEvidence(fatal: TestFailure(message: Self.exitedWithoutCrash), proof: evidence(why))
        assumedExit = index
    }

    /// A sanitizer's report the process went on after: the run fails at its end, the tests keep what they said (their
    /// framework's totals count no failure for it); the report names the test it came in.
    mutating func noteSanitizerReport(_ text: String) {
        // The first report is the evidence; more (a race reported dozens of times) would take crash lines' room. An
        // abort's report (AddressSanitizer's) is the running test's crash already.
        guard line > 0, crash.proof == nil, crashesOutsideTests.count < Self.crashLineLimit,
            !crashesOutsideTests.contains(where: { $0.kind == .sanitizerReport })
        else { return }
        // Swift Testing runs tests at once: the test is named only when it was the one running.
        let during = running.count == 1 ? " while \(tests.id(at: running[0])) ran" : ""
        crashesOutsideTests.append(
            RunFailureEvidence(kind: .sanitizerReport, source: source ?? "input", line: line, text: text + during))
    }

    static let exitedWithoutCrash = "The XCTest process exited while this test was running, printing no crash"

    /// The test `noteXCTestProcessEnd` took for ended prints its own result line: the run start was its output (a
    /// log formatter's test prints transcripts). What that rule gave it goes; the result line decides.
    mutating func undoAssumedExit(at index: Int) {
        guard assumedExit == index else { return }
        assumedExit = nil
        if crash.fatal?.message == Self.exitedWithoutCrash { crash = CrashEvidence() }
        guard tests.flags(at: index).contains(.finished) else { return }
        tests.changeExtras(at: index) { extras in
            extras.failures.removeAll { $0.message == Self.exitedWithoutCrash }
            if extras.evidence?.what.hasPrefix("Swift Testing's run started") == true { extras.evidence = nil }
        }
        tests.remove(.finished, at: index)
    }

    /// The input ends with SwiftPM's line unclaimed: the tests still running crashed, else the process died outside
    /// them (as it exited, after its totals), and the run cannot pass.
    mutating func finishRunnerDeath() {
        guard let death = runnerDeath else { return }
        runnerDeath = nil
        if !running.isEmpty {
            finishRunningTest(as: .crashed, failure: death.failure, evidence: death.evidence)
        } else if crashesOutsideTests.count < Self.crashLineLimit, let line = death.evidence.line {
            crashesOutsideTests.append(
                RunFailureEvidence(
                    kind: tests.isEmpty ? .crashBeforeFirstTest : .crashAfterTest, source: source ?? "input",
                    line: line,
                    text: death.failure.message))
        }
    }
}
