import Foundation
import SmokeCore

/// Shows progress on stderr: a rewritten line on a terminal, failures only elsewhere.
final class ProgressPrinter: @unchecked Sendable {
    private let output: any TextOutput
    private let lock = NSLock()
    private var lineShown = false
    private let width: Int
    private let style: TerminalStyle

    init(output: any TextOutput, githubActions: Bool, width: Int = 80, style: TerminalStyle = .plain) {
        self.output = output
        self.width = width
        self.style = style
    }

    func finished(_ test: TestResult, position: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let line = ProgressLine.render(test, position: position, total: total, width: width, style: style)
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
