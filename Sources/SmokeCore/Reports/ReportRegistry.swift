/// The report formats smokerun writes, in the order `reports` lists them by default.
package struct ReportRegistry: Sendable {
    package var writers: [any ReportWriter]

    package init(writers: [any ReportWriter]) {
        self.writers = writers
    }

    package static let standard = ReportRegistry(writers: [
        JSONReport(),
        JUnitReport(),
        MarkdownReport(),
        HTMLReport(),
    ])

    package var formats: [ReportFormat] { writers.map(\.format) }

    /// The writer of a format, or nil when none is registered.
    package func writer(for format: ReportFormat) -> (any ReportWriter)? {
        writers.first { $0.format == format }
    }

    /// The format named `name` (a pipeline's `reports` entry, a `--format` item), or nil.
    package func format(named name: String) -> ReportFormat? {
        formats.first { $0.rawValue == name }
    }
}
