import Foundation

/// Shows progress on stderr: a rewritten line on a terminal, failures only elsewhere.
final class ProgressPrinter: @unchecked Sendable {
    private let output: any TextOutput
    private let lock = NSLock()
    private var lineShown = false
    private let width: Int

    init(output: any TextOutput, githubActions: Bool, width: Int = 80) {
        self.output = output
        self.width = width
    }

    func finished(_ test: TestResult, position: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let line = ProgressLine.render(test, position: position, total: total, width: width)
        if output.isTerminal {
            output.write("\r\u{1B}[2K" + line)
            lineShown = true
        } else if test.status.isFailure {
            output.line(line)
        }
    }

    func status(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if output.isTerminal, lineShown { output.write("\r\u{1B}[2K") }
        lineShown = false
        output.line("smokerun: \(text)")
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if output.isTerminal, lineShown { output.write("\r\u{1B}[2K") }
        lineShown = false
    }
}
