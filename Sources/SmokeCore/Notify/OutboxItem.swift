import Foundation

/// A notification not delivered yet, `<output>/outbox/<id>.json`: names the URL's environment variable, never the URL.
package struct OutboxItem: Codable, Sendable, Equatable {
    /// The file's name without `.json`: the run id and kind, so files sort by time.
    package var id: String
    var createdAt: Date
    package var pipeline: String
    /// The pipeline file's identity (`PipelineKey.file`); nil in items older smokeruns wrote.
    package var pipelineFile: String?
    var runID: String
    package var kind: NotificationKind
    package var format: NotifyFormat
    /// Where the URL comes from when the item is retried.
    package var webhookURLEnvironment: String
    /// One readable line on what is waiting, e.g. "failure notification of smoke run X: 3 tests failing".
    package var summary: String
    /// POSTs tried so far, over all flushes.
    package var attempts: Int
    /// Why the last try failed, scrubbed of the URL.
    package var lastError: String?
    package var body: String

    package init(
        id: String, createdAt: Date, pipeline: String, runID: String, kind: NotificationKind, format: NotifyFormat,
        webhookURLEnvironment: String, summary: String, attempts: Int, lastError: String?, body: String,
        pipelineFile: String? = nil
    ) {
        self.id = id
        self.pipelineFile = pipelineFile
        self.createdAt = createdAt
        self.pipeline = pipeline
        self.runID = runID
        self.kind = kind
        self.format = format
        self.webhookURLEnvironment = webhookURLEnvironment
        self.summary = summary
        self.attempts = attempts
        self.lastError = lastError
        self.body = body
    }

    /// The pipeline that made the item: only its runs and its `notify --flush` post it, to its own variable.
    package var pipelineKey: PipelineKey { PipelineKey(name: pipeline, file: pipelineFile) }

    /// An id safe as a file name: the run id and kind, other characters replaced by `_`.
    package static func id(runID: String, kind: NotificationKind) -> String {
        "\(OutputLayout.safeFileName(runID, fallback: "run"))-\(kind.rawValue)"
    }
}
