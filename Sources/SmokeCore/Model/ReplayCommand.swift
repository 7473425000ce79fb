/// The command that replays a random run's order, `smokerun run <pipeline file> --seed N` (the file relative to the
/// project root): one home for the console line, the webhook message, index.html and summary.md.
package enum ReplayCommand {
    /// Nil for declared order, for reports that do not know their pipeline file (`parse`; a guess would exit 2), and
    /// when the test binary decided its own order (`orderControlled` false: the seed would not replay it).
    static func text(for report: RunReport) -> String? {
        guard report.ordering.orderControlled else { return nil }
        return text(pipelineFile: report.pipelineFile, seed: report.seed)
    }

    /// Said once where a seed is shown but the test binary decided the order.
    package static let notControlled =
        """
        the test runner decides the order inside each process (xcodebuild, or a test binary's own entry point): this \
        seed replays the same batches, not that order
        """

    /// Said once, for a run with a seed, when `decider` orders the tests inside smokerun's batches.
    package static func notControlledNote(seed: UInt64, decider: String) -> String {
        """
        order: seed \(seed) chose the batches, but \(decider) decides the order inside them; a replay runs the same \
        tests, maybe in another order (report.json: orderControlled false)
        """
    }

    package static func text(pipelineFile: String?, seed: UInt64?) -> String? {
        guard let pipelineFile, !pipelineFile.isEmpty, let seed else { return nil }
        return "smokerun run \(ShellWord.quoted(pipelineFile)) --seed \(seed)"
    }
}
