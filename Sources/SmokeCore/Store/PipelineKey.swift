/// Which pipeline a piece of output-folder state belongs to: its name and file. Pipelines share an output folder by
/// default, so notification state, outbox items and run locks are kept per key (Documentation/Design.md §9).
package struct PipelineKey: Sendable, Hashable, Codable {
    package var name: String
    /// The pipeline file's identity (`RetentionPolicy.pipelineIdentity`); nil without a file (`parse`, older items).
    package var file: String?

    package init(name: String, file: String?) {
        self.name = name
        self.file = file
    }

    /// A file-name component for this key: the safe name, and a short hash of the file when there is one, so two
    /// files both named `smoke` get two names and the name alone stays readable (`smoke-3f2a9c1b`).
    package var fileName: String {
        let safe = OutputLayout.safeFileName(name, fallback: "pipeline")
        guard let file, !file.isEmpty else { return safe }
        return "\(safe)-\(SHA256.hex(Array(file.utf8)).prefix(8))"
    }

    /// Whether state recorded for `name` and `file` is this pipeline's: same name, and the same file unless the
    /// record names none (written before files were recorded).
    package func owns(name: String, file: String?) -> Bool {
        name == self.name && (file == nil || self.file == nil || file == self.file)
    }
}
