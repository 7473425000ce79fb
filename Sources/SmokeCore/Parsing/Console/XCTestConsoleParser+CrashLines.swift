/// The lines that say a test process died: a fatal error, xcodebuild's restart, a crash or signal exit, a
/// backtrace frame that points into the tests.
extension XCTestConsoleParser {
    /// `Fatal error: message` / `fatal error: message` (old Swift), optionally after `File.swift:12: `; `precondition`
    /// and `assert` traps (`Precondition failed: …`, `Assertion failed: …`) keep their words in the message.
    static func fatalError(_ line: LineBytes, _ start: Int, file: String?, lineNumber: Int?) -> TestEvent? {
        if line.hasPrefix("Precondition failed: ", at: start) || line.hasPrefix("Assertion failed: ", at: start) {
            return trap(line.string(from: start), file: file, lineNumber: lineNumber)
        }
        guard line.hasPrefix("Fatal error", at: start) || line.hasPrefix("fatal error", at: start) else { return nil }
        let messageStart = start + 11 + (line.hasPrefix(": ", at: start + 11) ? 2 : 0)
        let message = line.string(from: messageStart)
        return trap(message.isEmpty ? "Fatal error" : message, file: file, lineNumber: lineNumber)
    }

    /// A trap's message; Swift before 5.3 put its place at the end (`Fatal error: M: file /src/X.swift, line 377`).
    private static func trap(_ message: String, file: String?, lineNumber: Int?) -> TestEvent {
        guard file == nil, let at = message.range(of: ": file ", options: .backwards),
            let comma = message[at.upperBound...].range(of: ", line ", options: .backwards),
            let number = Int(message[comma.upperBound...]), number > 0
        else { return .fatalError(message: message, file: file, line: lineNumber) }
        return .fatalError(
            message: String(message[..<at.lowerBound]), file: String(message[at.upperBound..<comma.lowerBound]),
            line: number)
    }

    /// The Objective-C runtime's `*** Terminating app due to uncaught exception 'Name', reason: '…'`, alone or after
    /// `NSLog`'s date and process (`2025-01-01 10:00:01.000 xctest[123:456] *** Terminating app …`).
    static func uncaughtException(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.count - start > 45,
            let at = line.firstIndex(of: "*** Terminating app due to uncaught exception", from: start)
        else { return nil }
        return .programCrashed(description: line.string(from: at + 4))
    }

    /// A macOS shell's word that its process died of a signal: `Segmentation fault: 11`, `Abort trap: 6`, `Killed: 9`
    /// and the like (where Linux shells say `(core dumped)`).
    static func macShellSignal(_ line: LineBytes, _ start: Int) -> TestEvent? {
        let end = line.endSkippingBlanks(from: start)
        var digits = end
        while digits > start, line[digits - 1] &- UInt8(ascii: "0") < 10 { digits -= 1 }
        guard end - start <= 40, digits < end, digits >= start + 2, line.hasPrefix(": ", at: digits - 2) else {
            return nil
        }
        let name = UnsafeBufferPointer(rebasing: line[start..<(digits - 2)])
        guard Self.macSignalNames.contains(where: { name.elementsEqual($0.utf8) }) else { return nil }
        return .programCrashed(description: line.string(start..<end))
    }

    /// A shell's word that the process it ran died by a signal (a Mac shell's, or bash's job status).
    static func shellSignal(_ line: LineBytes, _ start: Int) -> TestEvent? {
        macShellSignal(line, start) ?? shellJobSignal(line, start)
    }

    /// A shell's word that the command it ran died by a signal: bash's `bash: line 1:  3255 Illegal instruction
    /// (core dumped) .build/debug/PkgPackageTests.xctest` (the test binary run without `swift test`).
    static func shellJobSignal(_ line: LineBytes, _ start: Int) -> TestEvent? {
        // The shell's name is short (`bash`, `/bin/sh`): a line without `: line ` near its start is none (most).
        guard line.count - start < 400,
            let found = UnsafeBufferPointer(rebasing: line[start..<Swift.min(line.count, start + 32)]).firstIndex(
                of: ": line ")
        else { return nil }
        let colon = start + found
        let number = colon + 7
        let numberEnd = line.endOfDigits(from: number)
        guard numberEnd > number, line.hasPrefix(": ", at: numberEnd) else { return nil }
        let pid = line.skippingBlanks(from: numberEnd + 2)
        let pidEnd = line.endOfDigits(from: pid)
        guard pidEnd > pid, pidEnd < line.count, line[pidEnd] == UInt8(ascii: " ") else { return nil }
        let rest = line.string(line.skippingBlanks(from: pidEnd)..<line.endSkippingBlanks(from: pidEnd))
        guard Self.macSignalNames.contains(where: { rest.hasPrefix($0) }) else { return nil }
        return .programCrashed(description: rest)
    }

    private static let macSignalNames = [
        "Segmentation fault", "Abort trap", "Trace/BPT trap", "Illegal instruction", "Bus error", "Killed",
        "Floating point exception",
    ]

    /// SwiftPM's own error naming no file (`error: 'pkg': product 'X' … not found.`, an unsupported option): why no
    /// test ran, when none did; else a test's output. Its closing `error: ExitCode(…)` or `error: fatalError` is not.
    mutating func noteSwiftPMError(_ line: LineBytes, _ start: Int) {
        guard line.hasPrefix("error: ", at: start), !line.hasPrefix("error: ExitCode(", at: start),
            !line.hasPrefix("error: fatalError", at: start)
        else { return }
        summary.noteError(line, from: start)
    }

    /// A sanitizer's report: `==518==ERROR: AddressSanitizer: heap-use-after-free on address …` aborts the process (a
    /// crash); ThreadSanitizer's `WARNING: ThreadSanitizer: data race (pid=1)` and LeakSanitizer's `==9==ERROR:
    /// LeakSanitizer: detected memory leaks` let it go on, and it exits non-zero at the end: the run fails.
    static func sanitizer(_ line: LineBytes, _ start: Int) -> TestEvent? {
        // A report's last line, which a log's tail may hold alone (`SUMMARY: AddressSanitizer: 368 byte(s) leaked`).
        if line.hasPrefix("SUMMARY: ", at: start), line.firstIndex(of: "Sanitizer: ", from: start + 9) != nil {
            return .sanitizerReport(line.string(from: start + 9))
        }
        if line.hasPrefix("WARNING: ThreadSanitizer: ", at: start) {
            let end = line.firstIndex(of: " (pid=", from: start) ?? line.endSkippingBlanks(from: start)
            return .sanitizerReport(line.string((start + 9)..<end))
        }
        guard line.hasPrefix("==", at: start), let error = line.firstIndex(of: "==ERROR: ", from: start + 2),
            line[(start + 2)..<error].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
        else { return nil }
        let textStart = error + 9
        if line.hasPrefix("LeakSanitizer: ", at: textStart) {
            return .sanitizerReport(line.string(from: textStart))
        }
        guard line.firstIndex(of: "Sanitizer: ", from: textStart) != nil else { return nil }
        let end =
            line.firstIndex(of: " on address ", from: textStart) ?? line.firstIndex(
                of: " on unknown address", from: textStart)
            ?? line.endSkippingBlanks(from: textStart)
        return .programCrashed(description: line.string(textStart..<end))
    }

    /// `Restarting after unexpected exit, crash, or test timeout in C.m(); summary will include totals …`
    /// (and the older `Restarting after unexpected exit or crash in C/m(); …`): the test that died.
    static func restart(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("Restarting after unexpected exit", at: start) else { return nil }
        guard let inWord = line.firstIndex(of: " in ", from: start) else { return .restartAfterCrash(nil) }
        let nameEnd = line.firstIndex(of: "; ", from: inWord) ?? line.count
        return .restartAfterCrash(XCTestNameParser.ref(line, (inWord + 4)..<nameEnd, slashMeansSwiftTesting: false))
    }

    /// `*** Program crashed: Illegal instruction at 0x… ***` from the Swift backtracer (other `*** ` lines are noise).
    static func programCrashed(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("*** Program crashed: ", at: start) else { return nil }
        let textStart = start + 21
        let end =
            line.firstIndex(of: " at 0x", from: textStart) ?? line.firstIndex(of: " ***", from: textStart) ?? line.count
        return .programCrashed(description: line.string(textStart..<end))
    }

    /// Swift's backtracer in its newer form, `💣 Program crashed: Signal 6: Backtracing from 0x…` (the bomb, then the
    /// same words as `*** Program crashed: …`).
    static func bombCrash(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.hasPrefix("💣", at: start) else { return nil }
        let textStart = line.skippingBlanks(from: start + 4)
        guard line.hasPrefix("Program crashed: ", at: textStart) else { return nil }
        let description = textStart + 17
        let end =
            line.firstIndex(of: ": Backtracing", from: description) ?? line.firstIndex(of: " at 0x", from: description)
            ?? line.count
        return .programCrashed(description: line.string(description..<end))
    }

    /// A WebAssembly runtime's trap (`wasm trap: out of bounds memory access`), alone or as a numbered cause of
    /// wasmtime's error (`    3: wasm trap: …`): the test process stopped there.
    static func wasmTrap(_ line: LineBytes, _ start: Int) -> TestEvent? {
        var textStart = start
        let digitsEnd = line.endOfDigits(from: start)
        if digitsEnd > start, line.hasPrefix(": ", at: digitsEnd) {
            textStart = line.skippingBlanks(from: digitsEnd + 2)
        }
        guard line.hasPrefix("wasm trap: ", at: textStart) else { return nil }
        return .programCrashed(description: line.string(from: textStart))
    }

    /// A runner's word that the test process ended by a signal: GitHub's `##[error]Process completed with exit code
    /// 134.` (128 + the signal), a shell's `Aborted (core dumped)`. SIGINT's and SIGTERM's codes (130, 143) mean the
    /// run was stopped, not crashed: they are stop markers (`LineInterpreter`).
    static func exitBySignal(_ line: LineBytes, _ start: Int) -> TestEvent? {
        if let code = runnerExitCode(line, start) {
            guard code > 128, code < 256, !stopCodes.contains(code) else { return nil }
            return .programCrashed(description: "the test process exited with code \(code) (signal \(code - 128))")
        }
        guard line.count - start <= 60, line.hasSuffix(" (core dumped)") else { return nil }
        return .programCrashed(description: line.string(from: start))
    }

    /// The exit codes of a process stopped by SIGINT or SIGTERM (a cancel, a job's time limit).
    static let stopCodes: Set<Int> = [130, 143]

    /// The code of GitHub's `##[error]Process completed with exit code N.` (or without `##[error]`); nil: another line.
    static func runnerExitCode(_ line: LineBytes, _ start: Int) -> Int? {
        var textStart = start
        if line.hasPrefix("##[error]", at: start) { textStart += 9 }
        guard line.hasPrefix("Process completed with exit code ", at: textStart) else { return nil }
        let digits = textStart + 33
        return line.integer(digits..<line.endOfDigits(from: digits)) ?? -1
    }

    /// `Exited with signal code 4` (swift test on macOS), SwiftPM's `error: Exited with unexpected signal code 11`
    /// and `Child process terminated with signal 5: Trace/BPT trap`: the test process died.
    static func signalExit(_ line: LineBytes, _ start: Int) -> TestEvent? {
        let textStart = line.hasPrefix("error: ", at: start) ? start + 7 : start
        guard
            line.hasPrefix("Exited with signal code ", at: textStart)
                || line.hasPrefix("Exited with unexpected signal code ", at: textStart)
                || line.hasPrefix("Child process terminated with signal", at: textStart)
        else { return nil }
        return .programCrashed(description: line.string(from: textStart))
    }

    /// SwiftPM 6.3's word that a test process died: `error: Process 'COMMAND' exited with unexpected signal code 4`.
    /// A command naming one test (`swift test --parallel`: `…/PkgPackageTests.xctest Module.Class/testX` on Linux,
    /// `…/xctest -XCTest Module.Class/testX …/PkgPackageTests.xctest` on macOS) says which test's process it was;
    /// another (a serial run's, Swift Testing's `--testing-library swift-testing`) is the running test's crash.
    static func processDied(_ line: LineBytes, _ start: Int) -> TestEvent? {
        let textStart = line.hasPrefix("error: ", at: start) ? start + 7 : start
        guard line.hasPrefix("Process '", at: textStart),
            let close = line.firstIndex(of: "' exited with unexpected signal code ", from: textStart + 9)
        else { return nil }
        if let ref = namedTest(line, textStart + 9, close) {
            return .testProcessDied(ref, description: line.string(from: close + 2))
        }
        return .runnerDied(description: line.string(from: textStart))
    }

    /// SwiftPM's line that a test process died, glued to output the process left without a line end (`… debug
    /// 18:05:35.1380error: Process '…' exited with unexpected signal code 5`, `partial outputerror: Exited with …`).
    static func gluedProcessDeath(_ line: LineBytes, _ start: Int) -> TestEvent? {
        guard line.count - start > 30, line[line.count - 1] &- UInt8(ascii: "0") < 10,
            let code = line.firstIndex(of: " signal code ", from: Swift.max(start, line.count - 24)),
            let error = line.lastIndex(of: "error: "), error > start, error < code
        else { return nil }
        return processDied(line, error) ?? signalExit(line, error)
    }

    /// The one test a runner command names: after `-XCTest `, else after the bundle's path.
    private static func namedTest(_ line: LineBytes, _ commandStart: Int, _ close: Int) -> TestRef? {
        if let flag = line.firstIndex(of: " -XCTest ", from: commandStart), flag < close {
            let nameStart = flag + 9
            let nameEnd = line.firstIndex(of: UInt8(ascii: " "), from: nameStart, upTo: close) ?? close
            guard line.firstIndex(of: UInt8(ascii: ","), from: nameStart, upTo: nameEnd) == nil else { return nil }
            return swiftPMTestRef(line, nameStart..<nameEnd)
        }
        guard let space = line.lastIndex(of: UInt8(ascii: " "), before: close), space >= commandStart + 7,
            line.hasPrefix(".xctest ", at: space - 7),
            // A serial `--filter` run's process names its tests with commas: no one test, the process died.
            line.firstIndex(of: UInt8(ascii: ","), from: space + 1, upTo: close) == nil
        else { return nil }
        return swiftPMTestRef(line, (space + 1)..<close)
    }

    /// smokerun's lines in its console.log that say how the running tests ended: `stopped at timeouts.testSeconds (5 s)`
    /// (and `timeouts.runSeconds`), `stopped: smokerun was stopped`, and `re-running 3 tests that had not started when
    /// the process ended (signal 9 (SIGKILL))`, which ended any test still running (after exit status 0: unfinished).
    static func smokerunStop(_ line: LineBytes, _ start: Int) -> TestEvent? {
        let text = line.string(from: start)
        if text.hasPrefix("stopped at timeouts.") { return .stoppedBySmokerun(.timedOut, reason: text) }
        if text.hasPrefix("stopped: ") { return .stoppedBySmokerun(.interrupted, reason: text) }
        for framework in TestFramework.allCases where text.hasPrefix("\(framework.rawValue): ") {
            return .smokerunProcessStarted(retrying: false)
        }
        for framework in TestFramework.allCases where text.hasPrefix("retrying \(framework.rawValue): ") {
            return .smokerunProcessStarted(retrying: true)
        }
        guard text.hasPrefix("re-running "), let ended = text.firstRange(of: "when the process ended") else {
            return nil
        }
        let status: TestStatus = text.hasSuffix("(exit status 0)") ? .unfinished : .crashed
        return .stoppedBySmokerun(status, reason: "the test " + text[ended.lowerBound...].dropFirst(9))
    }

    /// A backtrace frame with a source location: `  3 [ra] 0x… Ledger.entry(at:) + 64 in X at /abs/Ledger.swift:15:16`.
    static func backtraceFrame(_ line: LineBytes, _ start: Int, inCrashedThread: Bool? = nil) -> TestEvent? {
        guard line[start] &- UInt8(ascii: "0") < 10, let at = line.lastIndex(of: " at ") else { return nil }
        let pathStart = at + 4
        // The location ends `:line:column` or `:line`.
        guard let lastColon = line.lastIndex(of: UInt8(ascii: ":")), lastColon > pathStart,
            line.endOfDigits(from: lastColon + 1) == line.count
        else { return nil }
        var pathEnd = lastColon
        var number = line.integer((lastColon + 1)..<line.count)
        if let previous = line.lastIndex(of: UInt8(ascii: ":"), before: lastColon), previous > pathStart,
            let lineNumber = line.integer((previous + 1)..<lastColon)
        {
            pathEnd = previous
            number = lineNumber
        }
        guard let number else { return nil }
        return .backtraceFrame(
            file: line.string(pathStart..<pathEnd), line: number, function: frameFunction(line, before: at),
            inCrashedThread: inCrashedThread)
    }

    /// The function of a frame, before `at`: `3 [ra] 0x… S.check() + 480 in Tests.xctest at …` → `S.check()`.
    private static func frameFunction(_ line: LineBytes, before at: Int) -> String? {
        guard let address = line.firstIndex(of: " 0x"), address < at,
            let space = line.firstIndex(of: UInt8(ascii: " "), from: address + 3, upTo: at)
        else { return nil }
        // The image comes after the last ` in ` (a function's own text may hold one: `closure #1 in S.check()`).
        var image: Int?
        var search = space
        while let found = line.firstIndex(of: " in ", from: search), found < at {
            image = found
            search = found + 1
        }
        guard var end = image else { return nil }
        if let plus = line.lastIndex(of: UInt8(ascii: "+"), before: end), plus > space + 1, plus + 2 < end,
            line[plus - 1] == UInt8(ascii: " "), line[plus + 1] == UInt8(ascii: " "),
            line.endOfDigits(from: plus + 2) == end
        {
            end = plus - 1
        }
        let functionStart = line.skippingBlanks(from: space + 1)
        return functionStart < end ? line.string(functionStart..<end) : nil
    }
}
