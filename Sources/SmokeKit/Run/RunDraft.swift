import Foundation
import SmokeCore

/// A run whose tests are done (run, merge) or read (parse): the report so far, its folder, and what the finisher
/// still needs from it.
package struct RunDraft: Sendable {
    package var report: RunReport
    package var runDirectory: URL
    /// Raw or merged profiles and the instrumented binaries they belong to; none: no coverage to collect.
    package var profiles: [URL] = []
    package var testBinaries: [URL] = []
    /// A log to copy in as the run's console.log (parse's one input); nil when the run wrote its own.
    package var consoleLog: URL?

    package init(report: RunReport, runDirectory: URL) {
        self.report = report
        self.runDirectory = runDirectory
    }
}
