import SmokeCore

/// The crash lines `LogParser` lists as the run's failures.
extension LogParser {
    /// The crash lines read while no test ran (from the `from`th); those after a run's closing totals are crashes at
    /// exit. A trap's message after the totals that no line shows ending the process (no crash report, no SwiftPM
    /// `exited with signal` line) is text a test printed (an exit test's child's standard error): no crash, a warning.
    func crashes(_ collector: ResultCollector, from: Int, _ interpreter: LineInterpreter, path: String)
        -> (crashes: [RunFailureEvidence], printed: String?)
    {
        let crashes = collector.crashesOutsideTests.dropFirst(from).map { crash in
            guard let line = interpreter.crashLines[crash.line] else { return (crash, false) }
            let evidence = RunFailureEvidence(
                kind: line.afterTotals ? .crashAtExit : crash.kind, source: crash.source, line: crash.line,
                text: line.text)
            return (evidence, line.afterTotals && line.isTrapMessage)
        }
        // SwiftPM says a process died before the output it flushes (Linux): a death line anywhere counts.
        let processEnded = interpreter.crashLines.values.contains { !$0.isTrapMessage }
        guard !processEnded, let printed = crashes.first(where: \.1)?.0 else { return (crashes.map(\.0), nil) }
        let warning = """
            \(path):\(printed.line): `\(printed.text)` comes after the run's closing totals, and no line shows the test \
            process ending by it (a crash report, SwiftPM's `exited with signal` line): read as text a test printed (an \
            exit test's child's standard error), not as a crash
            """
        return (crashes.filter { !$0.1 }.map(\.0), warning)
    }
}
