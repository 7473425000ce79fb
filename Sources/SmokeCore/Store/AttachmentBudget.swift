/// The most bytes of attachments one run keeps, over all its files: the per-file limit
/// (`AttachmentSourcePolicy.byteLimit`) stops one bomb, this stops many rows pointing at it.
package struct AttachmentBudget: Sendable, Equatable {
    package static let defaultTotal = 1 << 30
    /// Sets the total for `parse` (bytes); a pipeline's `attachments.maxTotalBytes` sets it for its runs.
    package static let totalVariable = "SMOKERUN_MAX_RUN_ATTACHMENT_BYTES"

    package var total: Int
    package private(set) var used = 0
    /// Whether an attachment was cut or left out for the budget.
    package private(set) var reached = false
    /// Attachments not stored at all (a failed write, a full disk): the run's status is then `error`.
    package var unstored = 0

    package init(total: Int = defaultTotal) {
        self.total = total
    }

    package var remaining: Int { max(total - used, 0) }

    /// The most bytes the next file may add: its own limit, or what is left when that is less.
    package func allowance(perFile limit: Int) -> Int { min(limit, remaining) }

    /// Counts `bytes` kept; `cut` when the file had more than its allowance and the budget was what cut it.
    package mutating func spend(_ bytes: Int, cutByBudget cut: Bool = false) {
        used += bytes
        if cut { reached = true }
    }

    /// An attachment left out because nothing was left.
    package mutating func refuse() { reached = true }

    package var note: String {
        """
        the run's attachments reached their total budget of \(total) bytes, so later ones were cut or left out; set \
        the pipeline's attachments.maxTotalBytes (for parse: \(Self.totalVariable)) to a larger number of bytes to \
        keep more
        """
    }

    /// The total the environment sets (`parse`), or the default.
    package static func total(environment: [String: String]) throws(AttachmentLimitError) -> Int {
        guard let text = environment[totalVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return defaultTotal
        }
        guard let value = Int(text), value > 0 else {
            throw AttachmentLimitError(value: text, variable: totalVariable, defaultText: "1 GiB")
        }
        return value
    }
}
